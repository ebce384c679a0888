-- Gives ARGV amounts back to the KEYS buckets, capped at their capacity, on the server's clock.
-- ARGV holds, per bucket: amount, capacity, refill per second. A bucket that vanished is full already.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])

for i, key in ipairs(KEYS) do
  local stored = redis.call('HMGET', key, 'level', 'at')
  if stored[1] then
    local amount = tonumber(ARGV[3 * i - 2])
    local capacity = tonumber(ARGV[3 * i - 1])
    local per_second = tonumber(ARGV[3 * i])
    local elapsed = math.max(0, now - tonumber(stored[2]))
    local level = math.min(capacity, tonumber(stored[1]) + elapsed * per_second / 1000000 + amount)
    redis.call('HSET', key, 'level', string.format('%.17g', level), 'at', string.format('%d', now))
  end
end
return 0
