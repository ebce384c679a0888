package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.List;
import org.apache.http.Header;
import org.apache.http.HttpRequest;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpPost;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.InputStreamEntity;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClientBuilder;
import org.apache.http.impl.execchain.ClientExecChain;
import org.apache.http.util.EntityUtils;

/**
 * HttpClient 4's binding, its call made at the protocol stage where the agent's exec chain sits.
 * The app's body is a stream, which the client can write once only.
 */
class Apache4BindingContractTest extends ClientBindingContractTest<Apache4Call, CloseableHttpResponse> {

    @Override
    protected ClientBinding<Apache4Call, CloseableHttpResponse> binding() {
        return Apache4Binding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<Apache4Call, CloseableHttpResponse> steps) throws IOException {
        HttpClientBuilder builder = new HttpClientBuilder() {
            @Override
            protected ClientExecChain decorateProtocolExec(ClientExecChain protocolExec) {
                return (route, wrapper, context, execAware) ->
                        steps.on(new Apache4Call(protocolExec, route, wrapper, context, execAware));
            }
        };
        HttpPost post = new HttpPost(request.uri());
        post.setConfig(RequestConfig.custom().setSocketTimeout(10_000).setConnectTimeout(10_000).build());
        request.headers().forEach(post::setHeader);
        post.setEntity(new InputStreamEntity(new ByteArrayInputStream(request.body()), request.body().length,
                ContentType.APPLICATION_JSON));
        try (CloseableHttpClient client = builder.disableAutomaticRetries().build();
                CloseableHttpResponse response = client.execute(post)) {
            byte[] body = EntityUtils.toByteArray(response.getEntity());
            return new AppResponse(response.getStatusLine().getStatusCode(),
                    headersOf(List.of(response.getAllHeaders()), Header::getName, Header::getValue), body);
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
