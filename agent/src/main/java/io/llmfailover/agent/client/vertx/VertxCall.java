package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.CallCompletion;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.vertx.core.Context;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.impl.HttpClientBase;
import java.io.ByteArrayOutputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One governed Vert.x call: the app's client and request options, what the app wrote into its
 * request, the Vert.x context the app asked from (where its futures complete and its handlers
 * run), and the app's response future. The lifecycle runs it on an agent thread, never on an
 * event loop.
 */
final class VertxCall implements CallRequest {

    /** The app's client: Vert.x's {@code HttpClientImpl}, both the public client and its base. */
    private final HttpClientBase client;
    /** The app's options; a copy of them once the call is governed, whatever the app then does with its own. */
    private RequestOptions options;
    private final URI uri;
    private final MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    /** Set once the body outgrew the cap: the call then goes out as the app made it. */
    private PastCapSend pastCap;
    private final Promise<HttpClientResponse> response = Promise.promise();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AppWait wait = new AppWait();
    private Context context;
    private Governance governance;
    /** The app's request, as the responses it gets name it. */
    private VertxGovernedRequest appRequest;

    private VertxCall(HttpClientBase client, RequestOptions options, URI uri) {
        this.client = client;
        this.options = options;
        this.uri = uri;
    }

    /** Cheap, for every request of the client: the options are copied only once the call is governed. */
    static VertxCall of(HttpClientBase client, RequestOptions options) {
        return new VertxCall(client, options, uriOf(options, client.options()));
    }

    /** The request's absolute URI, with the client's defaults for what the options leave out; null when it names no host. */
    static URI uriOf(RequestOptions options, HttpClientOptions defaults) {
        if (options.getURI() == null || (options.getServer() != null && options.getHost() == null)) {
            return null;
        }
        String host = options.getHost() != null ? options.getHost() : defaults.getDefaultHost();
        int port = options.getPort() != null ? options.getPort() : defaults.getDefaultPort();
        boolean ssl = options.isSsl() != null ? options.isSsl() : defaults.isSsl();
        String authority = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        String path = options.getURI().startsWith("/") ? options.getURI() : "/" + options.getURI();
        return URI.create((ssl ? "https" : "http") + "://" + authority + ":" + port + path);
    }

    /** On the app's thread: the lifecycle's hold on the call, a copy of the app's options, and the Vert.x context to answer on. */
    void governedBy(Governance governance) {
        this.governance = governance;
        this.options = new RequestOptions(options);
        Context current = Vertx.currentContext();
        this.context = current != null ? current : client.vertx().getOrCreateContext();
        MultiMap appHeaders = options.getHeaders();
        if (appHeaders != null) {
            headers.addAll(appHeaders);
        }
    }

    /**
     * Removes {@code name} from what the call sends: the headers it holds and its copy of the
     * options, never the app's own options, which an app may use again. Its first value, or null.
     */
    @Override
    public synchronized String takeHeader(String name) {
        String value = headers.get(name);
        headers.remove(name);
        MultiMap optionHeaders = options.getHeaders();
        if (optionHeaders != null && optionHeaders.contains(name)) {
            value = value != null ? value : optionHeaders.get(name);
            options = new RequestOptions(options).removeHeader(name);
        }
        return value;
    }

    void appRequest(VertxGovernedRequest request) {
        this.appRequest = request;
    }

    VertxGovernedRequest appRequest() {
        return appRequest;
    }

    HttpClient client() {
        return (HttpClient) (Object) client;
    }

    HttpMethod method() {
        return options.getMethod();
    }

    @Override
    public URI uri() {
        return uri;
    }

    MultiMap headers() {
        return headers;
    }

    Context context() {
        return context;
    }

    /** The app's options, for an attempt to start from: its timeouts, proxy and redirect setting. */
    synchronized RequestOptions optionsCopy() {
        return new RequestOptions(options);
    }

    /** The idle timeout the app set on the request it was handed, which its options then carry. */
    synchronized void idleTimeout(long millis) {
        options = new RequestOptions(options).setIdleTimeout(millis);
    }

    /** Whether the app's options ask the request to follow redirects, as Vert.x reads them. */
    boolean optionsFollowRedirects() {
        return Boolean.TRUE.equals(options.getFollowRedirects());
    }

    /** The app's client's options: its connection idle timeouts, say. */
    HttpClientOptions clientOptions() {
        return client.options();
    }

    /** How many redirects the app's client follows for one request. */
    int clientMaxRedirects() {
        return client.options().getMaxRedirects();
    }

    /** Holds what the app writes up to {@code buffer.max-bytes}; past that, sends it on as it comes, ungoverned. */
    synchronized void write(Buffer chunk, boolean chunked) {
        if (pastCap == null && written.size() + (long) chunk.length() > governance.bufferLimit()) {
            pastCap = PastCapSend.open(this, written.toByteArray(), chunked);
            written.reset();
        }
        if (pastCap != null) {
            pastCap.write(chunk);
            return;
        }
        byte[] bytes = chunk.getBytes();
        written.write(bytes, 0, bytes.length);
    }

    /** The send the body went out on once it outgrew the cap; null while it fits. */
    synchronized PastCapSend pastCap() {
        return pastCap;
    }

    synchronized byte[] written() {
        return written.toByteArray();
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        for (Map.Entry<String, String> header : headers) {
            neutral.add(header.getKey(), header.getValue());
        }
        return new LlmRequest(method().name(), uri, neutral.build(), body);
    }

    Promise<HttpClientResponse> response() {
        return response;
    }

    /**
     * The app ended its request: the call leaves the app's thread (an event loop, often) for an agent
     * thread; when every agent thread is busy it goes out as the app made it, ungoverned.
     */
    void start() {
        if (started.compareAndSet(false, true) && CallLifecycle.runAsync(VertxBinding.INSTANCE, this, governance,
                AgentThreads.shared(), completion()) == null) {
            sendUngoverned();
        }
    }

    /** How the call's end reaches the app: on its Vert.x context, where its futures complete and its handlers run. */
    CallCompletion<HttpClientResponse> completion() {
        return new ContextCompletion();
    }

    /** The app's request, sent once as it made it (what outgrew the cap already went out so); its response handed over as it comes. */
    private void sendUngoverned() {
        PastCapSend send = pastCap();
        if (send == null) {
            send = PastCapSend.whole(this, written());
        }
        send.end();
        send.head().whenComplete((head, failure) -> context.runOnContext(v -> {
            if (failure != null) {
                response.tryFail(TransportFailure.unwrapped(failure));
            } else {
                delivered(new VertxRelayedResponse(this, head, head.nativeResponse().statusMessage()));
            }
        }));
    }

    @Override
    public String methodName() {
        return method().name();
    }

    /** The call's end, handed to the app's context. */
    private final class ContextCompletion implements CallCompletion<HttpClientResponse> {

        @Override
        public Throwable appGaveUp() {
            return wait.abandoned() ? new InterruptedIOException("the app reset its Vert.x request") : null;
        }

        @Override
        public void answered(HttpClientResponse answered) {
            context.runOnContext(v -> delivered(answered));
        }

        @Override
        public void failed(Throwable failure) {
            context.runOnContext(v -> response.tryFail(failure));
        }
    }

    /** On the app's context: the app's callbacks run, then the body flows to the handlers they set. */
    private void delivered(HttpClientResponse answered) {
        if (response.tryComplete(answered) && answered instanceof VertxRelayedResponse relayed) {
            relayed.flow();
        }
    }

    /** Runs {@code hook} when the app resets its request; at once if it already did. */
    void onAbandon(Runnable hook) {
        wait.onAbandon(hook);
    }

    boolean abandoned() {
        return wait.abandoned();
    }

    /** The app reset its request: what is in flight is reset too, and nothing more is sent. */
    void abandon(Throwable cause) {
        wait.abandon();
        context.runOnContext(v -> response.tryFail(cause));
    }
}
