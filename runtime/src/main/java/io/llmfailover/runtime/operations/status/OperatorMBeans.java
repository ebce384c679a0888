package io.llmfailover.runtime.operations.status;


import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.TaskCap;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.Supplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers {@code io.llmfailover:type=Agent} and one {@code io.llmfailover:type=Provider,name=<provider>}
 * per configured provider with the platform MBean server, where jconsole, VisualVM or a JMX
 * exporter finds them. A name already taken (a second agent in the JVM) is left as it is.
 */
public final class OperatorMBeans {

    static final String DOMAIN = "io.llmfailover";
    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.status");

    private OperatorMBeans() {}

    /**
     * Registers the view of the providers {@code states} names now; called again after a reload, it
     * adds the providers the reload added and takes away those it removed.
     *
     * @param states the running gateway's, read anew by every attribute and operation
     */
    public static void register(Supplier<ProviderStates> states, Clock clock) {
        register(ManagementFactory.getPlatformMBeanServer(), states, clock);
    }

    static void register(MBeanServer server, Supplier<ProviderStates> states, Clock clock) {
        try {
            registerOnce(server, new AgentStatus(states, clock), new ObjectName(DOMAIN + ":type=Agent"));
            List<String> configured = states.get().names();
            for (String provider : configured) {
                registerOnce(server, new ProviderBean(provider, states, clock), providerName(provider));
            }
            for (ObjectName registered : server.queryNames(new ObjectName(DOMAIN + ":type=Provider,*"), null)) {
                String raw = registered.getKeyProperty("name");
                if (!configured.contains(raw.startsWith("\"") ? ObjectName.unquote(raw) : raw)) {
                    server.unregisterMBean(registered);
                }
            }
        } catch (JMException | RuntimeException e) {
            LOG.warn("llm-failover: the JMX view could not be registered ({}); calls are not affected", e.toString());
        }
    }

    static ObjectName providerName(String provider) throws JMException {
        return new ObjectName(DOMAIN + ":type=Provider,name=" + quotedIfNeeded(provider));
    }

    private static void registerOnce(MBeanServer server, Object bean, ObjectName name) throws JMException {
        if (!server.isRegistered(name)) {
            server.registerMBean(bean, name);
        }
    }

    private static String quotedIfNeeded(String value) {
        return value.matches("[A-Za-z0-9_.\\-]+") ? value : ObjectName.quote(value);
    }

    private record AgentStatus(Supplier<ProviderStates> states, Clock clock) implements AgentStatusMXBean {
        @Override
        public String statusPage() {
            return StatusPage.render(states.get().all(), Instant.ofEpochMilli(clock.currentTimeMillis()));
        }

        @Override
        public Map<String, String> getProviders() {
            Map<String, String> providers = new LinkedHashMap<>();
            states.get().all().forEach(provider -> providers.put(provider.name(), provider.breakerState().name()));
            return providers;
        }

        @Override
        public long getCallsUngovernedAtTaskCap() {
            return TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);
        }

        @Override
        public long getHeadsOnCallerThreadAtTaskCap() {
            return TaskCap.count(TaskCap.Fallback.HEAD_ON_CALLER_THREAD);
        }

        @Override
        public long getHedgesNotStartedAtTaskCap() {
            return TaskCap.count(TaskCap.Fallback.HEDGE_NOT_STARTED);
        }
    }

    /** One provider; every getter reads a fresh snapshot. */
    private record ProviderBean(String provider, Supplier<ProviderStates> states, Clock clock) implements ProviderMXBean {

        private ProviderStatus now() {
            return states.get().of(provider)
                    .orElseThrow(() -> new IllegalStateException(provider + " is no longer configured"));
        }

        @Override
        public String getBreakerState() {
            return now().breakerState().name();
        }

        @Override
        public boolean isForcedOpen() {
            return now().forcedOpen();
        }

        @Override
        public Map<String, String> getBreakers() {
            Map<String, String> breakers = new LinkedHashMap<>();
            now().breakers().forEach(breaker -> breakers.put(breaker.model(), breaker.state()
                    + (breaker.millisUntilProbe() > 0 ? ", probes in " + breaker.millisUntilProbe() + " ms" : "")));
            return breakers;
        }

        @Override
        public Map<String, Integer> getThrottleLimits() {
            Map<String, Integer> limits = new LinkedHashMap<>();
            now().keys().forEach(key -> limits.put(key.keyId(), key.limit()));
            return limits;
        }

        @Override
        public int getInFlight() {
            return now().inFlight();
        }

        @Override
        public Map<String, String> getSilencedUntil() {
            long nowMillis = clock.currentTimeMillis();
            Map<String, String> silenced = new LinkedHashMap<>();
            now().keys().stream().filter(key -> key.silencedForMillis() > 0).forEach(key -> silenced.put(key.keyId(),
                    Instant.ofEpochMilli(nowMillis + key.silencedForMillis()).toString()));
            return silenced;
        }

        @Override
        public String getLastFailure() {
            return now().lastFailure()
                    .map(failure -> Instant.ofEpochMilli(failure.epochMillis()) + " "
                            + failure.outcome().name().toLowerCase(Locale.ROOT))
                    .orElse("");
        }

        @Override
        public void forceOpen() {
            states.get().forceOpen(provider);
            LOG.warn("llm-failover: {} taken out by an operator (JMX forceOpen): its breakers stay open until forceClose",
                    provider);
        }

        @Override
        public void forceClose() {
            states.get().forceClose(provider);
            LOG.warn("llm-failover: {} put back by an operator (JMX forceClose): its breakers are closed", provider);
        }

        @Override
        public String statusPage() {
            return StatusPage.render(states.get().all(), Instant.ofEpochMilli(clock.currentTimeMillis()));
        }
    }
}
