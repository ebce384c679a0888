-- Counts one half-open probe in KEYS[1]; the count lives ARGV[2] millis from the first probe of a
-- recovery. Returns 1 while the count is within the ARGV[1] probes the fleet may send, else 0.
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
if count <= tonumber(ARGV[1]) then
  return 1
end
return 0
