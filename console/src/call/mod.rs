//! Calling DynamoDB as the aws CLI calls it: the request written by the
//! model, sent to a [`service::Service`] (retried as botocore retries),
//! the answer read back by the model, and the pages of a paginated
//! operation followed.

pub mod service;
pub mod shapes;
pub mod validate;
