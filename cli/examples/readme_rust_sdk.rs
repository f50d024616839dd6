use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, KeySchemaElement, KeyType,
    ScalarAttributeType,
};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let endpoint =
        std::env::var("DDBPLAY_ENDPOINT").unwrap_or_else(|_| "http://127.0.0.1:8000".into());
    let config = aws_config::defaults(aws_config::BehaviorVersion::latest())
        .endpoint_url(endpoint)
        .region(aws_config::Region::new("us-east-1"))
        .credentials_provider(aws_sdk_dynamodb::config::Credentials::new(
            "any", "any", None, None, "local",
        ))
        .load()
        .await;
    let ddb = aws_sdk_dynamodb::Client::new(&config);
    let key = |name: &str, key_type| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(key_type)
            .build()
    };
    let text = |name: &str| {
        AttributeDefinition::builder()
            .attribute_name(name)
            .attribute_type(ScalarAttributeType::S)
            .build()
    };
    ddb.create_table()
        .table_name("lesson-rust")
        .billing_mode(BillingMode::PayPerRequest)
        .key_schema(key("PK", KeyType::Hash)?)
        .key_schema(key("SK", KeyType::Range)?)
        .attribute_definitions(text("PK")?)
        .attribute_definitions(text("SK")?)
        .send()
        .await?;
    for order in ["ORDER#1", "ORDER#2"] {
        ddb.put_item()
            .table_name("lesson-rust")
            .item("PK", AttributeValue::S("CUSTOMER#c1".into()))
            .item("SK", AttributeValue::S(order.into()))
            .send()
            .await?;
    }
    let orders = ddb
        .query()
        .table_name("lesson-rust")
        .key_condition_expression("PK = :pk AND begins_with(SK, :orders)")
        .expression_attribute_values(":pk", AttributeValue::S("CUSTOMER#c1".into()))
        .expression_attribute_values(":orders", AttributeValue::S("ORDER#".into()))
        .send()
        .await?;
    println!("{} orders", orders.count());
    Ok(())
}
