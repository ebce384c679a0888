-- Counts one half-open probe in KEYS[1]; the count lives ARGV[2] millis from the first probe of a
-- recovery. Returns 1 while the count is within the ARGV[1] probes the fleet may send, else 0.
-- Whatever the key held before (no expiry, a longer one, not a count), it refuses for one window at most.
local window = math.max(1, math.floor(tonumber(ARGV[2]) or 1))
local count = redis.pcall('INCR', KEYS[1])
if type(count) ~= 'number' then
  redis.call('DEL', KEYS[1])
  count = redis.call('INCR', KEYS[1])
end
local left = redis.call('PTTL', KEYS[1])
if count == 1 or left < 0 or left > window then
  redis.call('PEXPIRE', KEYS[1], window)
end
if count <= tonumber(ARGV[1]) then
  return 1
end
return 0
