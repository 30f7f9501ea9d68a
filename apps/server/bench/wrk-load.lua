-- wrk's side of `npm run bench` (load.ts runs it when wrk is installed).
-- With learners (WRK_LEARNERS: a file of "token warpCourseId playbackId position" lines), each wrk
-- thread drives one connection as one learner, reporting its own playback in seq order,
-- as autocannon's child does (WRK_WIRE: form, the web client's, or json); without, a plain GET.
local count = 0
function setup(thread)
  count = count + 1
  thread:set("index", count)
end

local learner
local seq = 0
local wire = "form"
local function urlencode(text)
  return (text:gsub("[^%w%-%.%_%~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end
function init(args)
  local file = os.getenv("WRK_LEARNERS")
  if not file or file == "" then return end
  local lines = {}
  for line in io.lines(file) do lines[#lines + 1] = line end
  local line = lines[(index - 1) % #lines + 1]
  local token, warp, playback, position = line:match("^(%S+) (%S+) (%S+) (%S+)$")
  learner = { token = token, warp = warp, playback = playback, position = tonumber(position), sent = 0 }
  seq = tonumber(os.getenv("WRK_SEQ_START") or "0")
  wire = os.getenv("WRK_WIRE") or "form"
end

function request()
  if not learner then return wrk.format() end
  seq = seq + 1
  learner.sent = learner.sent + 1
  local body = string.format(
    '{"trainWarpCourseId":"%s","playbackId":"%s","seq":%d,"position":%.2f,"rate":1,"hidden":false}',
    learner.warp, learner.playback, seq, learner.position + learner.sent * 0.01)
  if wire == "json" then
    return wrk.format("POST", nil, { ["content-type"] = "application/json", ["authorization"] = learner.token }, body)
  end
  -- as the web client sends it: the form field entity holding the report's JSON text
  return wrk.format("POST", nil,
    { ["content-type"] = "application/x-www-form-urlencoded", ["authorization"] = learner.token },
    "entity=" .. urlencode(body))
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"micros":%d,"p50":%.3f,"p99":%.3f,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
