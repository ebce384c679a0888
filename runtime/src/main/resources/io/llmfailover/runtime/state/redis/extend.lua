-- Records that KEYS[1] holds for ARGV[1] millis from now, on the server's clock, unless it already
-- holds as long; every write gives the key that expiry, so a key found without one (an older
-- version's, a hostile writer's) is replaced, never trusted. When it changed, tells the fleet on
-- channel ARGV[2]: ARGV[3] (version, origin, kind), the millis, then the name ARGV[4].
-- Returns 1 when it changed, else 0.
local millis = math.floor(tonumber(ARGV[1]) or 0)
if millis <= 0 then
  return 0
end
local left = redis.call('PTTL', KEYS[1])
if left >= millis then
  return 0
end
redis.call('SET', KEYS[1], string.format('%d', millis), 'PX', millis)
redis.call('PUBLISH', ARGV[2], ARGV[3] .. ' ' .. string.format('%d', millis) .. ' ' .. ARGV[4])
return 1
