local counter = 0
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
local pad = string.rep("x", 1000)
function request()
  counter = counter + 1
  local body = '{"TableName":"bench","Item":{"PK":{"S":"' .. id .. '-' .. counter .. '"},"v":{"S":"' .. pad .. '"}}}'
  return wrk.format("POST", "/", {["Content-Type"]="application/x-amz-json-1.0", ["X-Amz-Target"]="DynamoDB_20120810.PutItem", ["Authorization"]="AWS4-HMAC-SHA256 Credential=a/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0"}, body)
end
function response(status, headers, body) if status ~= 200 then print(status, body) end end
