-- wrk script for routes.sh: one request per route kind, as apps send them.
--
-- Environment:
--   LG_ROUTE  "healthz" (GET /healthz), "missing" (GET /nope, a 404), "send-code" (POST
--             /api/auth/send-code, a new address each time, as seed 002's app sends it) or
--             "ping" (POST /v1/apps/demo/installs/ping with the SDK's LaunchGate-Client header,
--             a new install each time)
local route = os.getenv("LG_ROUTE") or "healthz"
local counter = 0
-- Each wrk thread counts from its own offset, so addresses and installs never repeat across threads.
local offset = math.random(1, 1000000000)

function request()
  counter = counter + 1
  if route == "send-code" then
    local body = string.format('{"email": "bench-%d-%d@example.com"}', offset, counter)
    return wrk.format("POST", "/api/auth/send-code", {["Content-Type"] = "application/json", ["Accept"] = "application/json"}, body)
  elseif route == "ping" then
    local header = string.format('version="2.4.1", build="241", platform="ios", os="17.4.0", install="%08X-0000-4000-A000-%012X"', offset % 4294967296, counter)
    return wrk.format("POST", "/v1/apps/demo/installs/ping", {["LaunchGate-Client"] = header})
  elseif route == "missing" then
    return wrk.format("GET", "/nope")
  end
  return wrk.format("GET", "/healthz")
end
