package io.llmfailover.runtime.operations.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.OpenType;
import javax.management.openmbean.SimpleType;
import javax.management.openmbean.TabularData;
import javax.management.openmbean.TabularType;
import org.junit.jupiter.api.Test;

/** What an operator sees and does over JMX and in the status page, against a gateway's real state. */
class OperatorViewTest {

    private static final String PRIMARY = "127.0.0.1:9001";
    private static final String BACKUP = "127.0.0.1:9002";
    private static final String ANSWER = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[]}";
    private static final String BACKUP_KEY = "sk-backup-very-secret";

    private final ManualClock clock = new ManualClock(Instant.parse("2026-12-02T03:40:00Z"));
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final Gateway gateway = Gateway.builder(config()).clock(clock).scheduler(scheduler).build();
    private final ScriptedTransport transport = new ScriptedTransport()
            .on(PRIMARY, ScriptedTransport.status(429, "{\"error\":{\"type\":\"rate_limit_error\"}}", "retry-after", "30"),
                    ScriptedTransport.ok(ANSWER))
            .on(BACKUP, ScriptedTransport.ok(ANSWER));
    private final MBeanServer server = MBeanServerFactory.newMBeanServer();

    @Test
    void theMBeansShowTheSilenceAndTheLastFailureAndForceTheBreaker() throws Exception {
        gateway.execute(chat(), transport);
        OperatorMBeans.register(server, gateway::providerStates, clock);
        ObjectName primary = new ObjectName("io.llmfailover:type=Provider,name=primary");

        assertEquals("CLOSED", server.getAttribute(primary, "BreakerState"));
        assertEquals("2026-12-02T03:40:00Z rate_limited", server.getAttribute(primary, "LastFailure"));
        TabularData silenced = (TabularData) server.getAttribute(primary, "SilencedUntil");
        assertEquals(1, silenced.size());
        CompositeData row = (CompositeData) silenced.values().iterator().next();
        assertTrue(row.get("key").toString().startsWith("app"), row.toString());
        assertEquals("2026-12-02T03:40:30Z", row.get("value"));
        assertEquals(0, server.getAttribute(primary, "InFlight"));
        assertEquals("", server.getAttribute(new ObjectName("io.llmfailover:type=Provider,name=backup"), "LastFailure"));

        server.invoke(primary, "forceOpen", null, null);
        clock.advance(Duration.ofMinutes(10));
        LlmResponse whileOut = gateway.execute(chat(), transport);

        assertEquals("OPEN", server.getAttribute(primary, "BreakerState"));
        assertEquals(true, server.getAttribute(primary, "ForcedOpen"));
        assertEquals(Optional.of("backup"), whileOut.headers().first("x-llm-failover-provider"));
        assertEquals(1, transport.sentTo(PRIMARY), "a provider taken out gets nothing, however long");

        server.invoke(primary, "forceClose", null, null);
        LlmResponse back = gateway.execute(chat(), transport);

        assertEquals("CLOSED", server.getAttribute(primary, "BreakerState"));
        assertTrue(back.headers().first("x-llm-failover-provider").isEmpty(), "the primary serves again");
        assertEquals(2, transport.sentTo(PRIMARY));
    }

    @Test
    void aProviderTakenOutBeforeItsFirstCallStaysOutForEveryModel() throws Exception {
        gateway.providerStates().forceOpen("primary");

        LlmResponse answer = gateway.execute(chat(), transport);

        assertEquals(Optional.of("backup"), answer.headers().first("x-llm-failover-provider"));
        assertEquals(0, transport.sentTo(PRIMARY));
        assertFalse(gateway.providerStates().forceOpen("nobody"), "only configured providers");
    }

    @Test
    void theStatusPageSaysWhatIsWrongAtAGlanceAndNamesNoKey() throws Exception {
        gateway.execute(chat(), transport);
        gateway.providerStates().forceOpen("primary");
        OperatorMBeans.register(server, gateway::providerStates, clock);

        String page = (String) server.invoke(new ObjectName("io.llmfailover:type=Agent"), "statusPage", null, null);

        List<String> lines = page.lines().toList();
        assertEquals("llm-failover status at 2026-12-02T03:40:00Z: 2 providers, 1 not closed", lines.get(0), page);
        assertTrue(lines.get(1).matches("  primary  OPEN \\(forced\\) +in flight 0  last failure 2026-12-02T03:40:00Z rate_limited"),
                page);
        assertTrue(page.contains("    breaker gpt-4o OPEN, probes in 5 s"), page);
        assertTrue(page.contains("silenced for 30 s"), page);
        assertTrue(page.lines().anyMatch(line -> line.matches("  backup +CLOSED +in flight 0  no failure")), page);
        assertFalse(page.contains(BACKUP_KEY) || page.contains("sk-app"), "keys never appear");
        assertEquals(Map.of("primary", "OPEN", "backup", "CLOSED"),
                rows((TabularData) server.getAttribute(new ObjectName("io.llmfailover:type=Agent"), "Providers")));
    }

    /**
     * Every attribute of every bean, read as a JMX console reads it, is an open type it shows as it
     * is: a string, a number, a boolean, or a table (never an array, which a console may print as
     * {@code [Ljava.lang.String;@…}).
     */
    @Test
    void everyAttributeOfEveryBeanIsAnOpenTypeAConsoleShows() throws Exception {
        gateway.execute(chat(), transport);
        gateway.providerStates().forceOpen("primary");
        OperatorMBeans.register(server, gateway::providerStates, clock);

        Set<ObjectName> beans = server.queryNames(new ObjectName("io.llmfailover:*"), null);
        assertEquals(3, beans.size(), beans.toString());
        int read = 0;
        for (ObjectName bean : beans) {
            for (MBeanAttributeInfo attribute : server.getMBeanInfo(bean).getAttributes()) {
                OpenType<?> type = (OpenType<?>) attribute.getDescriptor().getFieldValue("openType");
                Object value = server.getAttribute(bean, attribute.getName());
                String seen = bean + " " + attribute.getName() + " = " + value;
                assertFalse(type.isArray(), seen + " is an array");
                assertTrue(type instanceof SimpleType || type instanceof TabularType, seen + " is " + type);
                assertTrue(type.isValue(value), seen + " is not a value of " + type);
                assertFalse(String.valueOf(value).contains("[L"), seen);
                read++;
            }
        }
        assertEquals(2 * 7 + 4, read, "the attributes of the two provider beans and of the agent's");
        assertEquals(Map.of("gpt-4o", "OPEN"), rows((TabularData) server.getAttribute(
                new ObjectName("io.llmfailover:type=Provider,name=primary"), "Breakers")).entrySet().stream()
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> e.getValue().replaceAll(",.*", ""))));
    }

    /** A table of key and value, as a map. */
    private static Map<String, String> rows(TabularData table) {
        Map<String, String> rows = new LinkedHashMap<>();
        for (Object row : table.values()) {
            CompositeData data = (CompositeData) row;
            rows.put(String.valueOf(data.get("key")), String.valueOf(data.get("value")));
        }
        return rows;
    }

    @Test
    void theStatusPageIsLoggedEveryInterval() throws Exception {
        FailoverConfig withInterval = withStatusInterval(config(), Duration.ofMinutes(1));
        ManualScheduler everyMinute = new ManualScheduler(clock);
        Gateway logged = Gateway.builder(withInterval).clock(clock).scheduler(everyMinute).build();
        try (io.llmfailover.runtime.testing.LogCapture log = new io.llmfailover.runtime.testing.LogCapture()) {
            everyMinute.advance(Duration.ofMinutes(1));
            everyMinute.advance(Duration.ofMinutes(1));

            assertEquals(2, log.linesWith("llm-failover status at").size(), log.lines().toString());
        }
        assertEquals(2, logged.providerStates().all().size());
    }

    private static FailoverConfig withStatusInterval(FailoverConfig config, Duration interval) {
        return new FailoverConfig(config.source(), config.providers(), config.routes(), config.breaker(), config.throttle(),
                config.firstContentDeadline(), config.failoverOn(), config.defaultMaxTokens(), config.otel(), config.strict(),
                config.extra(), config.headDeadline(), config.bufferMaxBytes(), config.shaping(), config.fleet(),
                new io.llmfailover.runtime.config.OperatingSettings(null, interval));
    }

    private static FailoverConfig config() {
        Map<String, Provider> providers = new LinkedHashMap<>();
        providers.put("primary", new Provider("primary", URI.create("http://" + PRIMARY + "/v1"), Protocol.OPENAI,
                List.of(), Map.of()));
        providers.put("backup", new Provider("backup", URI.create("http://" + BACKUP + "/v1"), Protocol.OPENAI,
                List.of(BACKUP_KEY), Map.of("*", "backup-model")));
        return new FailoverConfig(Optional.empty(), providers,
                List.of(new RouteSettings("main", "primary", null, List.of("primary", "backup"))),
                new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3, Duration.ofSeconds(5), 1),
                ThrottleSettings.DEFAULTS, Duration.ofSeconds(2), FailoverPolicy.DEFAULTS, Map.of(), false, Map.of());
    }

    private static LlmRequest chat() {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Authorization", "Bearer sk-app-secret")
                .add("Content-Type", "application/json")
                .build();
        String body = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
        return new LlmRequest("POST", URI.create("http://" + PRIMARY + "/v1/chat/completions"), headers,
                body.getBytes(StandardCharsets.UTF_8));
    }
}
