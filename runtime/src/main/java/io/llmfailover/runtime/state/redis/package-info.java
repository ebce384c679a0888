/**
 * The fleet's store on Redis ({@code state.backend = redis}):
 * {@link io.llmfailover.runtime.state.redis.RedisFleetStore}, with every change made atomically by a
 * Lua script on the server's clock, every key expiring, every round trip bounded by
 * {@code state.redis.timeout}, writes and the channel on threads of their own, never a caller's, and
 * TLS with host verification for {@code rediss://}. Loaded only when fleet mode is on. Depends on
 * {@code state.fleet}, the config, the log and the clock.
 */
package io.llmfailover.runtime.state.redis;
