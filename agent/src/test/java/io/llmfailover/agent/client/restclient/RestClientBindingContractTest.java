package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpRequest;
import org.springframework.http.ResponseEntity;
import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * RestClient's binding, its call the request the agent's factory hands RestClient, run when
 * RestClient executes it, over the JDK client's request factory.
 */
class RestClientBindingContractTest extends ClientBindingContractTest<RestClientGovernedRequest, ClientHttpResponse> {

    @Override
    protected ClientBinding<RestClientGovernedRequest, ClientHttpResponse> binding() {
        return RestClientBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<RestClientGovernedRequest, ClientHttpResponse> steps) {
        JdkClientHttpRequestFactory appFactory = new JdkClientHttpRequestFactory();
        RestClient client = RestClient.builder().requestFactory((uri, method) -> {
            RestClientGovernedRequest call = new RestClientGovernedRequest(appFactory, uri, method);
            return new RunsSteps(call.governedBy(governance(request, binding(), call)), steps);
        }).build();
        ResponseEntity<byte[]> response = client.post().uri(request.uri())
                .headers(headers -> request.headers().forEach(headers::set))
                .header("Content-Type", "application/json")
                .body(request.body()).retrieve().toEntity(byte[].class);
        return new AppResponse(response.getStatusCode().value(), lowerCased(response.getHeaders()),
                response.getBody() == null ? new byte[0] : response.getBody());
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return SocketTimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return HttpRequest.class.getClassLoader();
    }

    /** The agent's request as RestClient sees it, but that executing it runs the test's steps. */
    private record RunsSteps(RestClientGovernedRequest call, Steps<RestClientGovernedRequest, ClientHttpResponse> steps)
            implements ClientHttpRequest, StreamingHttpOutputMessage {

        @Override
        public ClientHttpResponse execute() throws IOException {
            return steps.on(call);
        }

        @Override
        public OutputStream getBody() {
            return call.getBody();
        }

        @Override
        public void setBody(Body body) {
            call.setBody(body);
        }

        @Override
        public HttpMethod getMethod() {
            return call.getMethod();
        }

        @Override
        public URI getURI() {
            return call.getURI();
        }

        @Override
        public HttpHeaders getHeaders() {
            return call.getHeaders();
        }

        @Override
        public Map<String, Object> getAttributes() {
            return call.getAttributes();
        }
    }
}
