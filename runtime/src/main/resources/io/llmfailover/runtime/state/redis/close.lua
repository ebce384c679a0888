-- A breaker closed: forgets its opening (KEYS[1]) and its probe count (KEYS[2]), and tells the
-- fleet ARGV[2] on channel ARGV[1].
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('PUBLISH', ARGV[1], ARGV[2])
return 1
