-- One instance's heartbeat in the sorted set KEYS[1]: member ARGV[1] scored with the server's time
-- in millis; members silent for more than ARGV[2] millis, or scored in the future (no instance
-- writes that), are dropped. Returns how many are alive.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local forgotten_after = tonumber(ARGV[2])
if redis.call('TYPE', KEYS[1]).ok ~= 'zset' then
  redis.call('DEL', KEYS[1])
end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. string.format('%d', now - forgotten_after))
redis.call('ZREMRANGEBYSCORE', KEYS[1], '(' .. string.format('%d', now), '+inf')
redis.call('PEXPIRE', KEYS[1], forgotten_after * 2)
return redis.call('ZCARD', KEYS[1])
