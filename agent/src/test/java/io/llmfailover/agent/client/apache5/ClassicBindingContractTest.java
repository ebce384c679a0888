package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.List;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.InputStreamEntity;

/**
 * HttpClient 5 classic's binding, its call made by an exec handler just above the protocol stage,
 * where the agent's sits. The app's body is a stream, which the client can write once only.
 */
class ClassicBindingContractTest extends ClientBindingContractTest<ClassicCall, ClassicHttpResponse> {

    @Override
    protected ClientBinding<ClassicCall, ClassicHttpResponse> binding() {
        return ClassicBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<ClassicCall, ClassicHttpResponse> steps) throws IOException {
        HttpPost post = new HttpPost(request.uri());
        request.headers().forEach(post::setHeader);
        post.setEntity(new InputStreamEntity(new ByteArrayInputStream(request.body()), request.body().length,
                ContentType.APPLICATION_JSON));
        try (CloseableHttpClient client = HttpClients.custom().disableAutomaticRetries()
                .addExecInterceptorBefore(ChainElement.PROTOCOL.name(), "contract",
                        (appRequest, scope, chain) -> steps.on(new ClassicCall(appRequest, scope, chain)))
                .build()) {
            return client.execute(post, response -> {
                byte[] body = EntityUtils.toByteArray(response.getEntity());
                return new AppResponse(response.getCode(),
                        headersOf(List.of(response.getHeaders()), Header::getName, Header::getValue), body);
            });
        }
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return SocketTimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return HttpRequest.class.getClassLoader();
    }
}
