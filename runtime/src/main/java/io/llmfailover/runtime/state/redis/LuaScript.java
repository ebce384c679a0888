package io.llmfailover.runtime.state.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import redis.clients.jedis.Connection;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * One of the Lua scripts beside this class, run by its SHA-1 so that only the digest travels; sent
 * whole once when the server does not know it (first use, or after a restart flushed its cache).
 */
final class LuaScript {

    private final String name;
    private final String source;
    private final String sha1;

    private LuaScript(String name, String source) {
        this.name = name;
        this.source = source;
        this.sha1 = sha1(source);
    }

    static LuaScript load(String name) {
        try (InputStream in = LuaScript.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " beside " + LuaScript.class.getName());
            }
            return new LuaScript(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }

    Object run(Connection redis, List<String> keys, List<String> args) {
        try {
            return redis.executeCommand(RedisConnections.COMMANDS.evalsha(sha1, keys, args));
        } catch (JedisNoScriptException e) {
            return redis.executeCommand(RedisConnections.COMMANDS.eval(source, keys, args));
        }
    }

    private static String sha1(String source) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from this JVM", e);
        }
    }

    @Override
    public String toString() {
        return name + " (" + sha1 + ")";
    }
}
