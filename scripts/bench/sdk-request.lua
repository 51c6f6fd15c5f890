-- wrk script: the request the SDK sends, as `PolicyDownload` sends it: `Accept: application/json`,
-- the `LaunchGate-Client` header exactly as `AppInfo.clientHeader(installID:)` writes it, and
-- `If-None-Match` when LG_BENCH_ETAG is set. Install IDs are spread over 100,000 values and
-- versions, builds and OS versions over a realistic mix (most installs on recent releases).
--
-- Environment:
--   LG_BENCH_PATH  the path, e.g. /v1/apps/demo/policy?platform=ios or /v1/apps/demo/check
--   LG_BENCH_MODE  "policy" (default): the path as given; "check": adds the check endpoint's
--                  query (?platform=&version=&build=&os=&install=) to the path
--   LG_BENCH_ETAG  an entity tag to send in If-None-Match (the 304 case)
--   LG_BENCH_ETAG_SHARE  the share of requests that send it (default 1: all); apps that have a
--                  cached policy revalidate, fresh installs don't
--   LG_BENCH_INSTALLS  how many distinct install IDs to cycle through (default 100,000)
--   LG_BENCH_ADDRESSES  how many client addresses they come from (default: one per install), each
--                  install always from the same one, sent in X-Forwarded-For. The benchmarks start
--                  the server with --trusted-proxy 127.0.0.1, as behind nginx or a load balancer, so
--                  it believes the header and every per-client limit, quota and share counts each
--                  install's address, with the defaults users run: wrk is the proxy, not one client.
--                  3 in 4 addresses are IPv4 spread over many /24 networks, 1 in 4 IPv6, each in
--                  its own /64 (the server counts IPv6 per /64). A server that doesn't trust the
--                  peer (nginx) ignores the header.
--   LG_BENCH_RATE  requests per second over all connections (default: as fast as answered);
--                  needs LG_BENCH_CONNECTIONS, the -c given to wrk. Each connection waits
--                  connections/rate seconds (whole milliseconds) after each answer, so the
--                  rate reached is somewhat lower.
--
-- All requests are formatted once in init(), so wrk spends no time in Lua per request and both
-- servers get exactly the same bytes.
local path = os.getenv("LG_BENCH_PATH") or "/v1/apps/demo/policy?platform=ios"
local mode = os.getenv("LG_BENCH_MODE") or "policy"
local etag = os.getenv("LG_BENCH_ETAG")
local etag_share = tonumber(os.getenv("LG_BENCH_ETAG_SHARE") or "1")
local installs = tonumber(os.getenv("LG_BENCH_INSTALLS") or "100000")
local addresses = tonumber(os.getenv("LG_BENCH_ADDRESSES") or "0")
if addresses <= 0 then addresses = installs end
local rate = tonumber(os.getenv("LG_BENCH_RATE") or "0")
local pause = 0
if rate > 0 then pause = math.max(1, math.ceil(tonumber(os.getenv("LG_BENCH_CONNECTIONS") or "1") * 1000 / rate)) end

-- Most installs run the newest releases; a long tail runs old ones.
local releases = {
  {"2.4.1", 241}, {"2.4.1", 241}, {"2.4.1", 241}, {"2.4.0", 240}, {"2.4.0", 240},
  {"2.3.0", 230}, {"2.2.0", 221}, {"2.1.3", 213}, {"2.0.0", 200}, {"1.9.0", 190}, {"1.8.2", 182},
}
-- Three components, as AppInfo.current sends them (ProcessInfo's major.minor.patch, so 17.4 is "17.4.0").
local oses = {"17.4.0", "17.5.1", "17.6.1", "18.0.0", "18.1.0", "18.1.0", "16.7.8", "15.8.3"}

local requests = {}
local next_index = 0

local function install_id(i)
  -- A UUID-shaped ID, as the SDK stores one per install.
  return string.format("%08X-%04X-4%03X-A%03X-%012X", i * 2654435761 % 4294967296, i % 65536, i % 4096, (i * 7) % 4096, i * 97)
end

-- The address of client n (from 0), as the proxy in front writes it in X-Forwarded-For. The
-- multiplier is odd, so n -> h is one-to-one: IPv6 clients never share a /64, and IPv4 ones rarely
-- share an address. No address is in 127/8, where the trusted proxy is.
local function client_address(n)
  -- n * 2654435761 mod 2^32 in halves: Lua's numbers are doubles, exact only to 2^53.
  local low, high = n % 65536, math.floor(n / 65536) % 65536
  local h = (low * 2654435761 + (high * 2654435761 % 65536) * 65536) % 4294967296
  if n % 4 == 3 then
    return string.format("2001:db8:%x:%x::%x", math.floor(h / 65536), h % 65536, n % 65535 + 1)
  end
  local first = 11 + math.floor(h / 16777216) % 211   -- 11 to 221, past 0/8 and 10/8
  if first >= 127 then first = first + 1 end          -- and never 127/8
  return string.format("%d.%d.%d.%d", first, math.floor(h / 65536) % 256, math.floor(h / 256) % 256, h % 254 + 1)
end

function init(args)
  math.randomseed(12345)
  local headers_base = {}
  for name, value in pairs(wrk.headers) do headers_base[name] = value end
  for i = 1, installs do
    local release = releases[math.random(#releases)]
    local os_version = oses[math.random(#oses)]
    local id = install_id(i)
    local headers = {}
    for name, value in pairs(headers_base) do headers[name] = value end
    headers["Accept"] = "application/json"
    headers["X-Forwarded-For"] = client_address((i - 1) % addresses)
    headers["LaunchGate-Client"] = string.format('version="%s", build="%d", platform="ios", os="%s", install="%s"',
                                                 release[1], release[2], os_version, id)
    if etag and etag ~= "" and math.random() < etag_share then headers["If-None-Match"] = etag end
    local target = path
    if mode == "check" then
      target = string.format("%s?platform=ios&version=%s&build=%d&os=%s&install=%s", path, release[1], release[2], os_version, id)
    end
    requests[i] = wrk.format("GET", target, headers)
  end
end

function request()
  next_index = next_index % installs + 1
  return requests[next_index]
end

if pause > 0 then
  function delay()
    return pause
  end
end
