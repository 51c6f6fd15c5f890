-- wrk script for routes.sh and tracing.sh: one request per route kind, as apps send them.
--
-- Environment:
--   LG_ROUTE  "healthz" (GET /healthz), "missing" (GET /nope, a 404), "send-code" (POST
--             /api/auth/send-code, a new address each time, as seed 002's app sends it),
--             "ping" (POST /v1/apps/demo/installs/ping with the SDK's LaunchGate-Client header,
--             a new install each time), or "app-send-code" (POST /v1/apps/demo/auth/send-code,
--             the per-app path the SDK's SignInFlow sends to, with its headers and its body as
--             AuthWire encodes it, {"email":"…"} without spaces; a new address each time)
--
-- Each request comes from a new client, named in X-Forwarded-For: routes.sh starts the server with
-- --trusted-proxy 127.0.0.1, so its per-client limits count each client with the defaults users
-- run, and wrk is the proxy in front rather than one client. 3 in 4 clients are IPv4 over many /24
-- networks, 1 in 4 IPv6, each in its own /64.
local route = os.getenv("LG_ROUTE") or "healthz"
local counter = 0
-- Each wrk run and thread counts from its own offset, so email addresses, installs and client
-- addresses never repeat across threads or runs. From /dev/urandom: math.random is unseeded in
-- wrk, so every run started at the same offset and a run's send-codes repeated the warm-up's
-- addresses, which the per-address resend interval answers with a 429.
local offset
do
  local urandom = assert(io.open("/dev/urandom", "rb"))
  local bytes = urandom:read(4)
  urandom:close()
  offset = (bytes:byte(1) * 16777216 + bytes:byte(2) * 65536 + bytes:byte(3) * 256 + bytes:byte(4)) % 1000000000 + 1
end

-- The address of client n, as sdk-request.lua writes it (one-to-one on n, never in 127/8).
local function client_address(n)
  -- n * 2654435761 mod 2^32 in halves: Lua's numbers are doubles, exact only to 2^53.
  local low, high = n % 65536, math.floor(n / 65536) % 65536
  local h = (low * 2654435761 + (high * 2654435761 % 65536) * 65536) % 4294967296
  if n % 4 == 3 then
    return string.format("2001:db8:%x:%x::%x", math.floor(h / 65536), h % 65536, n % 65535 + 1)
  end
  local first = 11 + math.floor(h / 16777216) % 211
  if first >= 127 then first = first + 1 end
  return string.format("%d.%d.%d.%d", first, math.floor(h / 65536) % 256, math.floor(h / 256) % 256, h % 254 + 1)
end

function request()
  counter = counter + 1
  local client = client_address(offset + counter)
  if route == "send-code" then
    local body = string.format('{"email": "bench-%d-%d@example.com"}', offset, counter)
    return wrk.format("POST", "/api/auth/send-code",
                      {["Content-Type"] = "application/json", ["Accept"] = "application/json", ["X-Forwarded-For"] = client}, body)
  elseif route == "app-send-code" then
    local body = string.format('{"email":"ada.bench.%d.%d@example.com"}', offset, counter)
    return wrk.format("POST", "/v1/apps/demo/auth/send-code",
                      {["Content-Type"] = "application/json", ["Accept"] = "application/json", ["X-Forwarded-For"] = client}, body)
  elseif route == "ping" then
    local header = string.format('version="2.4.1", build="241", platform="ios", os="17.4.0", install="%08X-0000-4000-A000-%012X"', offset % 4294967296, counter)
    return wrk.format("POST", "/v1/apps/demo/installs/ping", {["LaunchGate-Client"] = header, ["X-Forwarded-For"] = client})
  elseif route == "missing" then
    return wrk.format("GET", "/nope", {["X-Forwarded-For"] = client})
  end
  return wrk.format("GET", "/healthz", {["X-Forwarded-For"] = client})
end
