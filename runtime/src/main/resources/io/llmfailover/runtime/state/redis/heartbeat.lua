-- One instance's heartbeat in the sorted set KEYS[1]: member ARGV[1] scored with the server's time
-- in millis; members silent for more than ARGV[2] millis are dropped. Returns how many are alive.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return redis.call('ZCARD', KEYS[1])
