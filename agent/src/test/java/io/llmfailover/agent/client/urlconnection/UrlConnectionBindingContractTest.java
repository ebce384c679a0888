package io.llmfailover.agent.client.urlconnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import io.llmfailover.runtime.contract.RouteHeader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * HttpURLConnection's binding, its call driven as the hooks woven into the JDK's connection drive
 * it: the app writes its body into the agent's stream, and the first response accessor runs the
 * call; an accessor the chosen response leaves to the JDK runs the JDK's own method.
 */
class UrlConnectionBindingContractTest extends ClientBindingContractTest<GovernedConnection, ChosenResponse> {

    @Override
    protected ClientBinding<GovernedConnection, ChosenResponse> binding() {
        return UrlConnectionBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<GovernedConnection, ChosenResponse> steps) throws Exception {
        HttpURLConnection connection = (HttpURLConnection) request.uri().toURL().openConnection();
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(10_000);
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "application/json");
        request.headers().forEach(connection::setRequestProperty);
        GovernedConnection call = new GovernedConnection(connection, request.uri());
        call.governedBy(governance(request, binding(), call));
        Map<String, List<String>> appHeaders = connection.getRequestProperties(); // the JDK's own, once connected
        try (OutputStream out = (OutputStream) call.outputStream(-1).value()) {
            out.write(request.body());
        }
        call.requestHeaders = appHeaders; // what the response hook reads of the connection
        ChosenResponse chosen = steps.on(call);
        String statusLine = (String) accessor(chosen, "getHeaderField", 0, () -> connection.getHeaderField(0));
        @SuppressWarnings("unchecked")
        Map<String, List<String>> headers = (Map<String, List<String>>) accessor(chosen, "getHeaderFields", null,
                connection::getHeaderFields);
        byte[] body;
        try (InputStream in = (InputStream) accessor(chosen, "getInputStream", null, connection::getInputStream)) {
            body = in.readAllBytes();
        }
        return new AppResponse(Integer.parseInt(statusLine.split(" ")[1]), lowerCased(headers), body);
    }

    /**
     * The binding takes the header from what the app set and names it to the hooks, which remove it
     * from the connection's own headers as the JDK writes them ({@code writeRequests}, woven only
     * under the agent: e2e {@code FirstCallTest}); the JDK's public methods cannot remove it once
     * the body is open.
     */
    @Override
    @Test
    protected void takesTheRouteHeaderOnceAndProceedSendsTheCallWithoutIt() throws Exception {
        AtomicReference<String> first = new AtomicReference<>();
        AtomicReference<String> second = new AtomicReference<>("not asked");
        AtomicReference<String> heldBack = new AtomicReference<>();

        AppRequest request = request(Map.of(RouteHeader.NAME, "budget", "x-app", "kept"));
        exchange(request, call -> {
            BufferedBody body = binding().buffer(call, request.bufferLimit());
            first.set(binding().takeHeader(call, RouteHeader.NAME));
            second.set(binding().takeHeader(call, RouteHeader.NAME));
            heldBack.set(call.heldBack());
            return binding().proceed(call, body);
        });

        assertEquals("budget", first.get());
        assertNull(second.get());
        assertEquals(RouteHeader.NAME, heldBack.get());
        assertEquals("kept", stub.received().get(0).header("x-app"));
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return SocketTimeoutException.class;
    }

    /** The JDK's own client: the app's OpenTelemetry is found through the calling thread instead. */
    @Override
    protected ClassLoader clientLoader() {
        return null;
    }

    private static Object accessor(ChosenResponse chosen, String name, Object argument, Callable<Object> jdk)
            throws Exception {
        HookOutcome outcome = chosen.answer(name, argument);
        if (outcome == null) {
            return jdk.call();
        }
        if (outcome.failure() instanceof Exception failure) {
            throw failure;
        }
        return outcome.value();
    }
}
