package io.llmfailover.runtime.state.redis;

import redis.clients.jedis.exceptions.JedisException;

/**
 * Every connection to Redis was in use until the round trip's deadline, or nearly: the instance
 * asks more than its connections answer in that time, which says nothing of Redis being away.
 */
final class RedisBusyException extends JedisException {

    RedisBusyException(int connections, long timeoutMillis) {
        super("all " + connections + " connections to Redis were in use within " + timeoutMillis + " ms (state.redis.timeout)");
    }
}
