//! `ddbplay export-playground --endpoint URL --table T`: a table of a
//! DynamoDB endpoint (real DynamoDB, `ddbplay serve`, an emulator) as a
//! `.ddbplay.json` file the page opens — the way back from `serve --load`.
//!
//! DescribeTable (with DescribeTimeToLive, DescribeContinuousBackups and
//! ListTagsOfResource where the endpoint answers them) gives the design;
//! a Scan, page by page, the items, which the playground keeps as items
//! put by hand. The file is made as an import is (`ddbplay-web`'s
//! `interchange::from_model`) and opened once as the page would open it
//! before it is written, so what the page cannot open is never written.
//! A table of more items than a playground keeps by hand
//! ([`MAX_EDITS`]), or larger than a playground file
//! ([`MAX_DOCUMENT_BYTES`]), is refused when the Scan reaches that far.

use console::call::service::Service;
use engine::api::Operation;
use interchange::api::{Described, from_description};
use interchange::imported::Imported;
use interchange::model::{Item, Model};
use serde_json::{Value as Json, json};
use web::limits::{MAX_DOCUMENT_BYTES, MAX_EDITS};

/// The playground file for `table` at the service, and what it did not keep.
pub fn export(service: &mut dyn Service, table: &str) -> Result<(String, Vec<String>), String> {
    let described = call(
        service,
        Operation::DescribeTable,
        json!({"TableName": table}),
    )?;
    let description = &described["Table"];
    let ttl = call(
        service,
        Operation::DescribeTimeToLive,
        json!({"TableName": table}),
    )
    .ok();
    let backups = call(
        service,
        Operation::DescribeContinuousBackups,
        json!({"TableName": table}),
    )
    .ok();
    let tags = description["TableArn"].as_str().and_then(|arn| {
        call(
            service,
            Operation::ListTagsOfResource,
            json!({"ResourceArn": arn}),
        )
        .ok()
    });
    let design = from_description(Described {
        table: description,
        time_to_live: ttl.as_ref().map(|t| &t["TimeToLiveDescription"]),
        continuous_backups: backups.as_ref().map(|b| &b["ContinuousBackupsDescription"]),
        tags: tags.as_ref().map(|t| &t["Tags"]),
    })
    .map_err(|refusal| format!("{table}: {refusal}"))?;
    let items = scan(service, table)?;
    let imported = Imported {
        model: Model {
            table: design,
            items,
            ..Model::default()
        },
        tables: vec![table.to_string()],
        notes: Vec::new(),
    };
    let opened = web::interchange::from_model::document_of(&imported)
        .map_err(|e| format!("{table}: {e}"))?;
    web::share::open::open(opened.document.clone())
        .map_err(|e| format!("{table}: the page would not open it: {e}"))?;
    Ok((web::share::encode_file(&opened.document), opened.notes))
}

/// Every item, page by page, within the playground's bounds.
fn scan(service: &mut dyn Service, table: &str) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    let mut bytes = 0;
    let mut start: Option<Json> = None;
    loop {
        let mut request = json!({"TableName": table});
        if let Some(key) = start.take() {
            request["ExclusiveStartKey"] = key;
        }
        let page = call(service, Operation::Scan, request)?;
        for item in page["Items"].as_array().into_iter().flatten() {
            let Json::Object(item) = item else { continue };
            bytes += serde_json::to_string(item).map_or(0, |s| s.len());
            items.push(item.clone());
            if items.len() > MAX_EDITS {
                return Err(format!(
                    "{table} has more than {MAX_EDITS} items; a playground keeps at most {MAX_EDITS} items of its own: export a smaller table"
                ));
            }
            if bytes > MAX_DOCUMENT_BYTES {
                return Err(format!(
                    "{table}'s items come to more than {MAX_DOCUMENT_BYTES} bytes; a playground file holds at most that: export a smaller table"
                ));
            }
        }
        match page.get("LastEvaluatedKey") {
            Some(key) if !key.is_null() => start = Some(key.clone()),
            _ => return Ok(items),
        }
    }
}

/// One request, its answer's JSON, or the error it gave.
fn call(service: &mut dyn Service, operation: Operation, body: Json) -> Result<Json, String> {
    let answer = service
        .send(operation, &body.to_string())
        .map_err(|unsent| unsent.0)?;
    let json: Json = serde_json::from_str(&answer.body)
        .map_err(|_| format!("{}: the answer is not JSON", operation.name()))?;
    if answer.status >= 300 {
        let kind = json["__type"].as_str().unwrap_or("error");
        let message = json["message"]
            .as_str()
            .or(json["Message"].as_str())
            .unwrap_or("");
        return Err(format!(
            "{}: {}: {message}",
            operation.name(),
            kind.rsplit('#').next().unwrap_or(kind)
        ));
    }
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The commerce example, as `serve --load` would serve it.
    fn example() -> engine::Engine {
        let playground = web::model::gallery::commerce::playground();
        let link = web::share::encode_link(&web::share::open::capture(&playground)).unwrap();
        crate::load::load(&format!("#{link}")).unwrap().engine
    }

    #[test]
    fn a_served_table_comes_back_as_a_file_the_page_opens_with_every_item() {
        let mut engine = example();
        let (file, notes) = export(&mut engine, "commerce-main").unwrap();
        assert_eq!(notes, Vec::<String>::new());
        let playground = web::session::open_file(&file).unwrap();
        assert_eq!(playground.chart.table.name, "commerce-main");
        let indexes: Vec<&str> = playground
            .chart
            .table
            .indexes
            .iter()
            .map(|i| i.name.as_str())
            .collect();
        assert_eq!(indexes, ["GSI1", "GSI2"]);
        assert_eq!(playground.edits.len(), 892);
        assert_eq!(
            playground.chart.table.ttl_attribute.as_deref(),
            Some("expiresAt")
        );
    }

    #[test]
    fn a_missing_table_and_a_table_too_large_are_refused_by_name() {
        let mut engine = example();
        assert_eq!(
            export(&mut engine, "nope").err().unwrap(),
            "DescribeTable: ResourceNotFoundException: Requested resource not found: Table: nope not found"
        );
        let mut big = engine::Engine::new();
        let created = engine::api::handle(
            &mut big,
            "DynamoDB_20120810.CreateTable",
            br#"{"TableName": "big", "BillingMode": "PAY_PER_REQUEST", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}"#,
        );
        assert_eq!(created.status, 200);
        for n in 0..=MAX_EDITS {
            let put = format!(r#"{{"TableName": "big", "Item": {{"pk": {{"S": "{n}"}}}}}}"#);
            engine::api::handle(&mut big, "DynamoDB_20120810.PutItem", put.as_bytes());
        }
        assert_eq!(
            export(&mut big, "big").err().unwrap(),
            "big has more than 25000 items; a playground keeps at most 25000 items of its own: export a smaller table"
        );
    }
}
