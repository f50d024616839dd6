//! A DynamoDB endpoint over HTTP, for `ddbplay run --endpoint`: each
//! request a POST of its JSON body with `X-Amz-Target`, signed with
//! Signature Version 4 as the aws CLI signs it.
//!
//! Credentials come from `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and
//! `AWS_SESSION_TOKEN`; an endpoint on this machine (`ddbplay serve`,
//! DynamoDB Local), which accepts any, is signed with a placeholder when
//! they are unset. The region is `AWS_REGION` or `AWS_DEFAULT_REGION`,
//! else the one in an AWS endpoint's name, else `us-east-1`.

use std::time::{Duration, SystemTime};

use aws_credential_types::Credentials;
use aws_sigv4::http_request::{SignableBody, SignableRequest, SigningSettings, sign};
use aws_sigv4::sign::v4;
use console::call::service::{Answer, Service, Unsent};
use engine::api::Operation;

pub struct Endpoint {
    url: String,
    region: String,
    credentials: Credentials,
    agent: ureq::Agent,
}

fn is_local(url: &str) -> bool {
    let host = url
        .split("://")
        .nth(1)
        .unwrap_or(url)
        .split(['/', ':'])
        .next()
        .unwrap_or_default();
    matches!(host, "127.0.0.1" | "localhost" | "[") || host.starts_with("127.")
}

impl Endpoint {
    /// An endpoint at `url` (`http://127.0.0.1:8000`).
    pub fn new(url: &str) -> Result<Endpoint, String> {
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!(
                "--endpoint {url}: the address needs its scheme, http:// or https://"
            ));
        }
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let credentials = match (env("AWS_ACCESS_KEY_ID"), env("AWS_SECRET_ACCESS_KEY")) {
            (Some(key), Some(secret)) => {
                Credentials::new(key, secret, env("AWS_SESSION_TOKEN"), None, "environment")
            }
            _ if is_local(url) => Credentials::new("ddbplay", "ddbplay", None, None, "placeholder"),
            _ => {
                return Err(format!(
                    "--endpoint {url}: no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"
                ));
            }
        };
        let region = env("AWS_REGION")
            .or_else(|| env("AWS_DEFAULT_REGION"))
            .or_else(|| {
                url.split("dynamodb.")
                    .nth(1)
                    .and_then(|rest| rest.split('.').next())
                    .map(str::to_string)
            })
            .unwrap_or_else(|| "us-east-1".to_string());
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(60)))
            .http_status_as_error(false)
            .build()
            .into();
        Ok(Endpoint {
            url: url.trim_end_matches('/').to_string() + "/",
            region,
            credentials,
            agent,
        })
    }

    fn signed_headers(&self, target: &str, body: &str) -> Result<Vec<(String, String)>, String> {
        let host = self
            .url
            .split("://")
            .nth(1)
            .unwrap_or_default()
            .split('/')
            .next()
            .unwrap_or_default()
            .to_string();
        let mut headers = vec![
            ("host".to_string(), host),
            (
                "content-type".to_string(),
                "application/x-amz-json-1.0".to_string(),
            ),
            ("x-amz-target".to_string(), target.to_string()),
        ];
        let identity = self.credentials.clone().into();
        let params = v4::SigningParams::builder()
            .identity(&identity)
            .region(&self.region)
            .name("dynamodb")
            .time(SystemTime::now())
            .settings(SigningSettings::default())
            .build()
            .map_err(|e| e.to_string())?
            .into();
        let signable = SignableRequest::new(
            "POST",
            &self.url,
            headers.iter().map(|(k, v)| (k.as_str(), v.as_str())),
            SignableBody::Bytes(body.as_bytes()),
        )
        .map_err(|e| e.to_string())?;
        let (instructions, _) = sign(signable, &params)
            .map_err(|e| e.to_string())?
            .into_parts();
        for (name, value) in instructions.headers() {
            headers.push((name.to_string(), value.to_string()));
        }
        Ok(headers)
    }
}

impl Service for Endpoint {
    fn send(&mut self, operation: Operation, body: &str) -> Result<Answer, Unsent> {
        let target = format!(
            "{}{}",
            engine::api::operation::TARGET_PREFIX,
            operation.name()
        );
        let headers = self.signed_headers(&target, body).map_err(Unsent)?;
        let mut request = self.agent.post(&self.url);
        for (name, value) in &headers {
            if name != "host" {
                request = request.header(name, value);
            }
        }
        let mut response = request.send(body).map_err(|e| {
            Unsent(format!(
                "Could not connect to the endpoint URL: \"{}\" ({e})",
                self.url
            ))
        })?;
        let status = response.status().as_u16();
        let body = response.body_mut().read_to_string().map_err(|e| {
            Unsent(format!(
                "Could not read the answer from \"{}\": {e}",
                self.url
            ))
        })?;
        Ok(Answer { status, body })
    }
}
