package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ClientHooksTest {

    private static final String ECHO = "io.llmfailover.agent.bootstrap.echo.EchoAdapter";

    /** A class of the app's client, whose loader the adapter is defined under. */
    private static final class Client {}

    @Test
    void aHookReachesTheClientsAdapterDefinedBesideTheClientsClass() {
        Object answer = ClientHooks.call(ECHO, "send", new Client(), new Object[] {"request"}, "untouched");

        assertEquals("send:request:llm-failover:io.llmfailover.agent.bootstrap.echo", answer);
    }

    @Test
    void aStaticHookNamesAClassOfTheClientsInsteadOfAReceiver() {
        Object answer = ClientHooks.call(ECHO, "splits", Client.class, new Object[] {"request"}, Boolean.TRUE);

        assertEquals("splits:request:llm-failover:io.llmfailover.agent.bootstrap.echo", answer);
    }

    @Test
    void anAdapterThatFailsLeavesTheCallAsTheAppMadeIt() {
        Object appsOwn = new Object();

        assertSame(appsOwn, ClientHooks.call(ECHO, "fail", new Client(), new Object[] {appsOwn}, appsOwn));
    }

    @Test
    void anAdapterThatCannotBeMadeLeavesTheCallAsTheAppMadeIt() {
        Object appsOwn = new Object();

        assertSame(appsOwn, ClientHooks.call("io.llmfailover.agent.absent.AbsentAdapter", "send", new Client(),
                new Object[] {appsOwn}, appsOwn));
        assertSame(appsOwn, ClientHooks.call(ECHO, "send", null, new Object[] {appsOwn}, appsOwn), "no receiver");
    }
}
