-- Records that KEYS[1] holds until ARGV[1] (epoch millis), unless it already holds as long or the
-- moment is past; when it changed, tells the fleet ARGV[3] on channel ARGV[2].
-- Returns 1 when it changed, else 0.
local until_millis = tonumber(ARGV[1])
local time = redis.call('TIME')
local now_millis = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if until_millis <= now_millis then
  return 0
end
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current and until_millis <= current then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PXAT', ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1
