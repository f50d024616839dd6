//! The table in DynamoDB's own JSON: read from what DescribeTable and its
//! siblings answer (what an export starts from) and from CreateTable's
//! input (which CloudFormation's properties and NoSQL Workbench's
//! extensions repeat), and written as CreateTable's input.

use serde_json::{Map, Value as Json};

use crate::model::{Attribute, Billing, Index, KeySchema, Projection, Table, Tag, Throughput};
use crate::refusal::{At, Refusal, refuse};

/// What DynamoDB answers about a table: DescribeTable's `Table`,
/// DescribeTimeToLive's `TimeToLiveDescription`, DescribeContinuousBackups'
/// `ContinuousBackupsDescription` and ListTagsOfResource's `Tags`.
#[derive(Clone, Copy)]
pub struct Described<'a> {
    pub table: &'a Json,
    pub time_to_live: Option<&'a Json>,
    pub continuous_backups: Option<&'a Json>,
    pub tags: Option<&'a Json>,
}

/// The table DynamoDB describes.
pub fn from_description(described: Described<'_>) -> Result<Table, Refusal> {
    let at = At::root(described.table, "Table");
    let mut table = read_definition(at, "BillingModeSummary")?;
    if let Some(ttl) = described.time_to_live {
        let ttl = At::root(ttl, "TimeToLiveDescription");
        let status = match ttl.optional("TimeToLiveStatus")? {
            Some(status) => status.at().text()?.to_string(),
            None => String::new(),
        };
        if status == "ENABLED" || status == "ENABLING" {
            table.ttl = Some(ttl.field("AttributeName")?.at().text()?.to_string());
        }
    }
    if let Some(backups) = described.continuous_backups {
        let status = backups
            .pointer("/PointInTimeRecoveryDescription/PointInTimeRecoveryStatus")
            .and_then(Json::as_str);
        table.point_in_time_recovery = status == Some("ENABLED");
    }
    if let Some(tags) = described.tags {
        table.tags = read_tags(At::root(tags, "Tags"))?;
    }
    Ok(table)
}

/// The table CreateTable's input makes (`TableName`, `KeySchema`,
/// `AttributeDefinitions`, the indexes, `BillingMode`,
/// `ProvisionedThroughput`, `StreamSpecification`, `Tags`, `TableClass`,
/// `DeletionProtectionEnabled`).
pub fn from_create_table(at: At<'_>) -> Result<Table, Refusal> {
    read_definition(at, "BillingMode")
}

fn read_definition(at: At<'_>, billing_field: &str) -> Result<Table, Refusal> {
    let mut table = Table {
        name: at.field("TableName")?.at().text()?.to_string(),
        attributes: read_attributes(at)?,
        key: read_key_schema(at.field("KeySchema")?.at())?,
        ..Table::default()
    };
    for (field, global) in [
        ("GlobalSecondaryIndexes", true),
        ("LocalSecondaryIndexes", false),
    ] {
        if let Some(indexes) = at.optional(field)? {
            for index in indexes.at().list()? {
                let index = read_index(index.at(), global)?;
                if global {
                    table.global_indexes.push(index);
                } else {
                    table.local_indexes.push(index);
                }
            }
        }
    }
    let mode = match at.optional(billing_field)? {
        Some(mode) if mode.value.is_object() => {
            mode.at().field("BillingMode")?.at().text()?.to_string()
        }
        Some(mode) => mode.at().text()?.to_string(),
        None => "PROVISIONED".to_string(),
    };
    table.billing = match mode.as_str() {
        "PAY_PER_REQUEST" => Billing::PayPerRequest,
        "PROVISIONED" => Billing::Provisioned(match at.optional("ProvisionedThroughput")? {
            Some(throughput) => read_throughput(throughput.at())?,
            None => {
                return refuse("ProvisionedThroughput is missing: a PROVISIONED table needs it");
            }
        }),
        other => {
            return refuse(format!(
                "BillingMode {other} is not PROVISIONED or PAY_PER_REQUEST"
            ));
        }
    };
    if let Some(stream) = at.optional("StreamSpecification")? {
        let enabled = match stream.at().optional("StreamEnabled")? {
            Some(enabled) => enabled.at().boolean()?,
            None => true,
        };
        if enabled {
            let view = stream.at().field("StreamViewType")?;
            table.stream = Some(read_choice(view.at(), &STREAM_VIEW_TYPES)?);
        }
    }
    if let Some(tags) = at.optional("Tags")? {
        table.tags = read_tags(tags.at())?;
    }
    if let Some(class) = at
        .optional("TableClassSummary")?
        .or(at.optional("TableClass")?)
    {
        let class = match class.value.get("TableClass") {
            Some(inner) => At::root(inner, &class.path).text()?.to_string(),
            None => class.at().text()?.to_string(),
        };
        if class != "STANDARD" {
            table.table_class = Some(class);
        }
    }
    if let Some(protection) = at.optional("DeletionProtectionEnabled")? {
        table.deletion_protection = protection.at().boolean()?;
    }
    Ok(table)
}

/// The view types a stream may have.
pub const STREAM_VIEW_TYPES: [&str; 4] =
    ["KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"];

/// The text at `at`, which must be one of `choices`.
pub fn read_choice(at: At<'_>, choices: &[&str]) -> Result<String, Refusal> {
    let text = at.text()?;
    if choices.contains(&text) {
        Ok(text.to_string())
    } else {
        refuse(format!(
            "{} is {text}; it should be one of {}",
            at.path(),
            choices.join(", ")
        ))
    }
}

fn read_attributes(at: At<'_>) -> Result<Vec<Attribute>, Refusal> {
    let Some(definitions) = at.optional("AttributeDefinitions")? else {
        return Ok(Vec::new());
    };
    definitions
        .at()
        .list()?
        .iter()
        .map(|definition| {
            let at = definition.at();
            Ok(Attribute {
                name: at.field("AttributeName")?.at().text()?.to_string(),
                attribute_type: read_choice(at.field("AttributeType")?.at(), &["S", "N", "B"])?,
            })
        })
        .collect()
}

/// A key schema in the API's shape, `HASH` elements first.
pub fn read_key_schema(at: At<'_>) -> Result<KeySchema, Refusal> {
    let mut key = KeySchema::default();
    for element in at.list()? {
        let element = element.at();
        let name = element.field("AttributeName")?.at().text()?.to_string();
        match read_choice(element.field("KeyType")?.at(), &["HASH", "RANGE"])?.as_str() {
            "HASH" if !key.range.is_empty() => {
                return refuse(format!(
                    "{}: every HASH element comes before the RANGE elements",
                    at.path()
                ));
            }
            "HASH" => key.hash.push(name),
            _ => key.range.push(name),
        }
    }
    if key.hash.is_empty() {
        return refuse(format!("{} has no HASH element", at.path()));
    }
    Ok(key)
}

fn read_index(at: At<'_>, global: bool) -> Result<Index, Refusal> {
    let throughput = match at.optional("ProvisionedThroughput")? {
        Some(t) if global => Some(read_throughput(t.at())?).filter(|t| t.read + t.write > 0),
        _ => None,
    };
    Ok(Index {
        name: at.field("IndexName")?.at().text()?.to_string(),
        key: read_key_schema(at.field("KeySchema")?.at())?,
        projection: read_projection(at.field("Projection")?.at())?,
        throughput,
    })
}

/// A projection in the API's shape.
pub fn read_projection(at: At<'_>) -> Result<Projection, Refusal> {
    let kind = match at.optional("ProjectionType")? {
        Some(kind) => read_choice(kind.at(), &["ALL", "KEYS_ONLY", "INCLUDE"])?,
        None => "ALL".to_string(),
    };
    Ok(match kind.as_str() {
        "KEYS_ONLY" => Projection::KeysOnly,
        "INCLUDE" => Projection::Include(match at.optional("NonKeyAttributes")? {
            Some(names) => read_names(names.at())?,
            None => Vec::new(),
        }),
        _ => Projection::All,
    })
}

/// A list of names.
pub fn read_names(at: At<'_>) -> Result<Vec<String>, Refusal> {
    at.list()?
        .iter()
        .map(|name| Ok(name.at().text()?.to_string()))
        .collect()
}

fn read_throughput(at: At<'_>) -> Result<Throughput, Refusal> {
    Ok(Throughput {
        read: at.field("ReadCapacityUnits")?.at().whole()?,
        write: at.field("WriteCapacityUnits")?.at().whole()?,
    })
}

fn read_tags(at: At<'_>) -> Result<Vec<Tag>, Refusal> {
    at.list()?
        .iter()
        .map(|tag| {
            let at = tag.at();
            Ok(Tag {
                key: at.field("Key")?.at().text()?.to_string(),
                value: at.field("Value")?.at().text()?.to_string(),
            })
        })
        .collect()
}

/// CreateTable's input for the table (its members in the order JSON
/// objects keep here, by name).
pub fn create_table_input(table: &Table) -> Json {
    let mut input = Map::new();
    input.insert("AttributeDefinitions".into(), attribute_definitions(table));
    input.insert("TableName".into(), table.name.clone().into());
    input.insert("KeySchema".into(), table.key.to_api());
    if !table.local_indexes.is_empty() {
        input.insert(
            "LocalSecondaryIndexes".into(),
            indexes_to_api(&table.local_indexes),
        );
    }
    if !table.global_indexes.is_empty() {
        input.insert(
            "GlobalSecondaryIndexes".into(),
            indexes_to_api(&table.global_indexes),
        );
    }
    match &table.billing {
        Billing::PayPerRequest => {
            input.insert("BillingMode".into(), "PAY_PER_REQUEST".into());
        }
        Billing::Provisioned(throughput) => {
            input.insert("BillingMode".into(), "PROVISIONED".into());
            input.insert(
                "ProvisionedThroughput".into(),
                throughput_to_api(*throughput),
            );
        }
    }
    if let Some(view) = &table.stream {
        let mut stream = Map::new();
        stream.insert("StreamEnabled".into(), true.into());
        stream.insert("StreamViewType".into(), view.clone().into());
        input.insert("StreamSpecification".into(), Json::Object(stream));
    }
    if !table.tags.is_empty() {
        input.insert("Tags".into(), tags_to_api(&table.tags));
    }
    if let Some(class) = &table.table_class {
        input.insert("TableClass".into(), class.clone().into());
    }
    if table.deletion_protection {
        input.insert("DeletionProtectionEnabled".into(), true.into());
    }
    Json::Object(input)
}

/// `AttributeDefinitions` in the API's shape: the attributes the keys use.
pub fn attribute_definitions(table: &Table) -> Json {
    Json::Array(
        table
            .used_attributes()
            .into_iter()
            .map(|a| {
                let mut definition = Map::new();
                definition.insert("AttributeName".into(), a.name.clone().into());
                definition.insert("AttributeType".into(), a.attribute_type.clone().into());
                Json::Object(definition)
            })
            .collect(),
    )
}

/// One index in the API's shape.
pub fn index_to_api(index: &Index) -> Json {
    let mut out = Map::new();
    out.insert("IndexName".into(), index.name.clone().into());
    out.insert("KeySchema".into(), index.key.to_api());
    out.insert("Projection".into(), index.projection.to_api());
    if let Some(throughput) = index.throughput {
        out.insert(
            "ProvisionedThroughput".into(),
            throughput_to_api(throughput),
        );
    }
    Json::Object(out)
}

fn indexes_to_api(indexes: &[Index]) -> Json {
    Json::Array(indexes.iter().map(index_to_api).collect())
}

/// Provisioned throughput in the API's shape.
pub fn throughput_to_api(throughput: Throughput) -> Json {
    let mut out = Map::new();
    out.insert("ReadCapacityUnits".into(), throughput.read.into());
    out.insert("WriteCapacityUnits".into(), throughput.write.into());
    Json::Object(out)
}

fn tags_to_api(tags: &[Tag]) -> Json {
    Json::Array(
        tags.iter()
            .map(|tag| {
                let mut out = Map::new();
                out.insert("Key".into(), tag.key.clone().into());
                out.insert("Value".into(), tag.value.clone().into());
                Json::Object(out)
            })
            .collect(),
    )
}
