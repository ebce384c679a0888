package io.llmfailover.runtime.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.ConfigLoader;
import io.llmfailover.runtime.config.FailoverConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FirstCallRehearsalTest {

    @Test
    void everyCallOfTheRehearsalIsAnsweredAndNothingIsSaid() {
        PrintStream err = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
        int answered;
        try {
            answered = FirstCallRehearsal.answeredCalls();
        } finally {
            System.setErr(err);
        }

        assertEquals(3, answered);
        assertEquals("", said.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aConfigOfPropertiesAloneIsBoundAsAFileIs() throws ConfigException {
        FailoverConfig config = ConfigLoader.ofProperties("(made up)", """
                provider.a.url = http://127.0.0.1:9/v1
                provider.a.protocol = openai
                route.a.match = a
                route.a.chain = a
                """);

        assertEquals(1, config.providers().size());
        assertTrue(config.source().isEmpty());
    }

    @Test
    void aBadPropertyIsNamedWhereItWas() {
        ConfigException refused = assertThrows(ConfigException.class,
                () -> ConfigLoader.ofProperties("(made up)", "provider.a.protocol = smoke-signals\n"));

        assertTrue(refused.getMessage().contains("(made up):1"), refused.getMessage());
    }
}
