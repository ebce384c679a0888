package io.llmfailover.runtime.state.redis;

import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether Redis answered lately. After a failure, calls stop trying (each would pay the timeout)
 * until a background thread reaches Redis again. Each change is logged once, with the URL
 * redacted: never a password.
 */
final class RedisReachability {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.runtime.fleet");

    private final String redactedUrl;
    private final String password;
    private final AtomicBoolean reachable = new AtomicBoolean(true);

    RedisReachability(String redactedUrl, String password) {
        this.redactedUrl = redactedUrl;
        this.password = password;
    }

    boolean reachable() {
        return reachable.get();
    }

    void failed(RuntimeException cause) {
        if (reachable.compareAndSet(true, false)) {
            Throwable root = rootOf(cause);
            LOG.warn("Redis at {} is unreachable; this instance goes on with its local state ({}: {})",
                    redactedUrl, root.getClass().getSimpleName(), redacted(root.getMessage()));
        }
    }

    void answered() {
        if (reachable.compareAndSet(false, true)) {
            LOG.info("Redis at {} is back; sharing resumes", redactedUrl);
        }
    }

    /** What actually went wrong: "could not get a resource from the pool" says nothing of why. */
    private static Throwable rootOf(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    private String redacted(String message) {
        if (message == null || password == null) {
            return message;
        }
        return message.replace(password, "***");
    }
}
