package io.llmfailover.agent.client.ktor;

import io.ktor.client.engine.HttpClientEngine;
import io.ktor.client.engine.KtorCallContextElement;
import io.ktor.client.engine.cio.CIO;
import io.ktor.client.plugins.HttpRequestTimeoutException;
import io.ktor.client.request.HttpRequestData;
import io.ktor.client.request.HttpResponseData;
import io.ktor.http.ContentType;
import io.ktor.http.HeadersBuilder;
import io.ktor.http.HttpMethod;
import io.ktor.http.URLUtilsKt;
import io.ktor.http.content.ByteArrayContent;
import io.ktor.util.AttributesJvmKt;
import io.ktor.utils.io.ByteReadChannel;
import io.ktor.utils.io.jvm.javaio.BlockingKt;
import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kotlin.Unit;
import kotlinx.coroutines.JobKt;
import org.junit.jupiter.api.AfterEach;

/**
 * Ktor's binding (the CIO engine), its call made as the advice on the engine's {@code execute}
 * makes it, with the app's side of the call as Ktor's pipeline sets it up
 * ({@link KtorAdapterTest.AppCall}).
 */
class KtorBindingContractTest extends ClientBindingContractTest<KtorCall, HttpResponseData> {

    private final HttpClientEngine engine = CIO.INSTANCE.create(config -> Unit.INSTANCE);

    @AfterEach
    void closeEngine() throws Exception {
        engine.close();
    }

    @Override
    protected ClientBinding<KtorCall, HttpResponseData> binding() {
        return KtorBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<KtorCall, HttpResponseData> steps) throws Exception {
        HeadersBuilder headers = new HeadersBuilder(8);
        request.headers().forEach(headers::append);
        HttpRequestData app = new HttpRequestData(URLUtilsKt.Url(request.uri().toString()), HttpMethod.Companion.getPost(),
                headers.build(), new ByteArrayContent(request.body(), ContentType.Application.INSTANCE.getJson(), null),
                JobKt.Job(null), AttributesJvmKt.Attributes(true));
        KtorAdapterTest.AppCall appSide = new KtorAdapterTest.AppCall(engine, app.getExecutionContext());
        KtorCall call = new KtorCall(engine, app, appSide,
                appSide.getContext().get(KtorCallContextElement.Companion).getCallContext());
        HttpResponseData response = steps.on(call);
        Map<String, List<String>> responseHeaders = new TreeMap<>();
        response.getHeaders().entries().forEach(header ->
                responseHeaders.computeIfAbsent(header.getKey(), name -> new ArrayList<>()).addAll(header.getValue()));
        byte[] body;
        try (InputStream in = BlockingKt.toInputStream((ByteReadChannel) response.getBody(), null)) {
            body = in.readAllBytes();
        }
        return new AppResponse(response.getStatusCode().getValue(), lowerCased(responseHeaders), body);
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return HttpRequestTimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return HttpClientEngine.class.getClassLoader();
    }
}
