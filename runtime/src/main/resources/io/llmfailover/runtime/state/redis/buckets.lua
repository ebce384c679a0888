-- Takes ARGV amounts from the KEYS buckets, all or none, on the server's clock (shared by the fleet);
-- a negative amount gives back what a call took and did not use.
-- ARGV holds, per bucket: amount, capacity, refill per second.
-- Each bucket is a hash {level, at} (at in microseconds); a bucket not seen yet is full, and so is
-- one whose fields no version of the agent writes (not a hash, not numbers, an 'at' in the future).
-- A stored level counts between 0 and the capacity, so no value makes a bucket refuse for longer
-- than it takes to refill; every write sets the expiry.
-- Returns 0 when taken, else the microseconds until every bucket holds its amount.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local NEVER = 86400000000

local function level_of(key, capacity, per_second)
  local stored = redis.pcall('HMGET', key, 'level', 'at')
  if type(stored) ~= 'table' then
    return capacity, true
  end
  local level = tonumber(stored[1])
  local at = tonumber(stored[2])
  if not level or not at or level ~= level or at ~= at or at > now then
    return capacity, false
  end
  level = math.max(0, math.min(capacity, level))
  return math.min(capacity, level + (now - at) * per_second / 1000000), false
end

local levels = {}
local foreign = {}
local wait = 0
for i, key in ipairs(KEYS) do
  local amount = tonumber(ARGV[3 * i - 2])
  local capacity = tonumber(ARGV[3 * i - 1])
  local per_second = tonumber(ARGV[3 * i])
  levels[i], foreign[i] = level_of(key, capacity, per_second)
  if levels[i] < amount then
    local missing = NEVER
    if per_second > 0 then
      missing = math.min(NEVER, math.ceil((amount - levels[i]) * 1000000 / per_second))
    end
    wait = math.max(wait, missing, 1)
  end
end
if wait > 0 then
  return wait
end

for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[3 * i - 1])
  local per_second = tonumber(ARGV[3 * i])
  local level = math.min(capacity, levels[i] - tonumber(ARGV[3 * i - 2]))
  if foreign[i] then
    redis.call('DEL', key)
  end
  redis.call('HSET', key, 'level', string.format('%.17g', level), 'at', string.format('%d', now))
  -- An idle bucket is full again after this long: then it may vanish, as if never seen.
  local refill_millis = NEVER / 1000
  if per_second > 0 then
    refill_millis = math.ceil((capacity - level) * 1000 / per_second)
  end
  redis.call('PEXPIRE', key, refill_millis + 1000)
end
return 0
