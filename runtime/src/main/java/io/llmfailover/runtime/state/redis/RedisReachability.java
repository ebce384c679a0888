package io.llmfailover.runtime.state.redis;

import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether Redis answered lately. After a failure, calls stop trying (each would pay the timeout)
 * until a background thread reaches Redis again. The first answer or failure, and each change, is
 * logged once, with the URL redacted: never a password.
 */
final class RedisReachability {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.runtime.fleet");

    private final String redactedUrl;
    private final String password;
    /** Null until Redis first answered or failed: calls try it meanwhile. */
    private final AtomicReference<Boolean> reachable = new AtomicReference<>();

    RedisReachability(String redactedUrl, String password) {
        this.redactedUrl = redactedUrl;
        this.password = password;
    }

    boolean reachable() {
        return reachable.get() != Boolean.FALSE;
    }

    void failed(RuntimeException cause) {
        if (reachable.getAndSet(Boolean.FALSE) != Boolean.FALSE) {
            Throwable root = rootOf(cause);
            LOG.warn("llm-failover: Redis at {} is unreachable; this instance goes on with its local state ({}: {})",
                    redactedUrl, root.getClass().getSimpleName(), redacted(root.getMessage()));
        }
    }

    void answered() {
        Boolean before = reachable.getAndSet(Boolean.TRUE);
        if (before == null) {
            LOG.info("llm-failover: Redis at {} reached; this instance shares its state with the fleet", redactedUrl);
        } else if (!before) {
            LOG.info("llm-failover: Redis at {} is back; sharing resumes", redactedUrl);
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
