package io.llmfailover.agent.client.okhttp;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import okhttp3.Call;
import okhttp3.OkHttpClient;

/**
 * The client a hedge is sent with, beside the app's call: the app's own client (its connection
 * pool, dispatcher, TLS, proxy and network interceptors) without its application interceptors,
 * which belong to the app's request and could put the app's own credential on the fallback's. One
 * per app client, kept as long as that client is.
 */
final class HedgeClients {

    private static final Map<OkHttpClient, OkHttpClient> BY_APP_CLIENT = Collections.synchronizedMap(new WeakHashMap<>());

    private HedgeClients() {}

    /** The hedge client for the app's call, or empty when its client cannot be found. */
    static Optional<OkHttpClient> forCall(Call call) {
        OkHttpClient app = clientOf(call);
        return app == null ? Optional.empty() : Optional.of(BY_APP_CLIENT.computeIfAbsent(app, HedgeClients::withoutAppInterceptors));
    }

    private static OkHttpClient withoutAppInterceptors(OkHttpClient app) {
        OkHttpClient.Builder builder = app.newBuilder();
        builder.interceptors().clear();
        return builder.build();
    }

    /** OkHttp 4 and 5 expose a call's client ({@code RealCall.getClient()}); OkHttp 3 keeps it in a field. */
    private static OkHttpClient clientOf(Call call) {
        try {
            Method getter = call.getClass().getMethod("getClient");
            return getter.invoke(call) instanceof OkHttpClient client ? client : null;
        } catch (ReflectiveOperationException | RuntimeException notOkHttp4) {
            try {
                Field field = call.getClass().getDeclaredField("client");
                field.setAccessible(true);
                return field.get(call) instanceof OkHttpClient client ? client : null;
            } catch (ReflectiveOperationException | RuntimeException neither) {
                return null;
            }
        }
    }
}
