package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.http.client.OkHttp3ClientHttpRequestFactory;
import org.springframework.http.client.ReactorClientHttpRequestFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.HttpComponentsClientHttpConnector;
import org.springframework.http.client.reactive.JdkClientHttpConnector;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientResponseException;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;

/**
 * An app that sends one blocking chat call through each client Spring's {@code RestClient} and
 * {@code WebClient} can sit on that the fault matrix's apps do not, each built to follow redirects
 * (as far as it lets an app): call {@code n} of the plan goes through {@link #STACKS}{@code [n - 1]}.
 * A call that fails with a status reports it; the app makes no retries of its own. Args: see {@link AppArgs}.
 */
@SuppressWarnings("deprecation") // OkHttp3ClientHttpRequestFactory: deprecated in Spring 6.1, still what an OkHttp app uses
public final class SpringClientsApp {

    /** The clients, in the order the plan's calls go through them. */
    public static final List<String> STACKS = List.of(
            "RestClient over Reactor Netty, followRedirect(true)",
            "RestClient over Jetty, following redirects (its default)",
            "RestClient over HttpURLConnection, setInstanceFollowRedirects(true)",
            "RestClient over OkHttp, following redirects (its default)",
            "WebClient over the JDK client, Redirect.ALWAYS",
            "WebClient over Apache HttpClient 5 async, following redirects (its default)");

    private final AppArgs app;
    private final org.eclipse.jetty.client.HttpClient jetty = new org.eclipse.jetty.client.HttpClient();
    private final CloseableHttpAsyncClient apacheAsync = HttpAsyncClients.custom().disableAutomaticRetries().build();

    private SpringClientsApp(AppArgs app) {
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        run(args);
        System.exit(0); // Reactor Netty's event loop threads are not daemons
    }

    /** The app's calls, without ending the JVM: for a host that runs it more than once. */
    public static void run(String[] args) throws Exception {
        SpringClientsApp springApp = new SpringClientsApp(AppArgs.parse(args));
        springApp.jetty.setFollowRedirects(true);
        springApp.jetty.start();
        springApp.apacheAsync.start();
        try {
            springApp.app.plan().run(springApp::call);
        } finally {
            springApp.jetty.stop();
            springApp.apacheAsync.close();
        }
        Report.done();
    }

    private void call(int number) {
        try {
            ResponseEntity<String> answer = switch (number) {
                case 1 -> restClient(new ReactorClientHttpRequestFactory(
                        reactor.netty.http.client.HttpClient.create().followRedirect(true)));
                case 2 -> restClient(new JettyClientHttpRequestFactory(jetty));
                case 3 -> restClient(new FollowingUrlConnections());
                case 4 -> restClient(new OkHttp3ClientHttpRequestFactory());
                case 5 -> webClient(new JdkClientHttpConnector(HttpClient.newBuilder()
                        .followRedirects(HttpClient.Redirect.ALWAYS).build()));
                case 6 -> webClient(new HttpComponentsClientHttpConnector(apacheAsync));
                default -> throw new IllegalArgumentException("no client for call " + number + "; there are " + STACKS.size());
            };
            Report.result(number, answer.getStatusCode().value(), null, ContentField.in(String.valueOf(answer.getBody())));
        } catch (RestClientResponseException e) {
            Report.error(number, "HttpStatus", String.valueOf(e.getStatusCode().value()), null, e.getResponseBodyAsString());
        } catch (WebClientResponseException e) {
            Report.error(number, "HttpStatus", String.valueOf(e.getStatusCode().value()), null, e.getResponseBodyAsString());
        } catch (RuntimeException e) {
            Report.error(number, e);
        }
    }

    private ResponseEntity<String> restClient(ClientHttpRequestFactory factory) {
        return RestClient.builder().requestFactory(factory).build()
                .post()
                .uri(app.baseUrl() + "/chat/completions")
                .header("Authorization", "Bearer " + app.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .body(ChatExchange.requestBody(false))
                .retrieve()
                .toEntity(String.class);
    }

    private ResponseEntity<String> webClient(ClientHttpConnector connector) {
        return WebClient.builder().clientConnector(connector).build()
                .post()
                .uri(app.baseUrl() + "/chat/completions")
                .header("Authorization", "Bearer " + app.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(ChatExchange.requestBody(false))
                .retrieve()
                .toEntity(String.class)
                .block(Duration.ofSeconds(30));
    }

    /** Spring's factory sets {@code setInstanceFollowRedirects} from the method (a POST's off): this app turns it on. */
    private static final class FollowingUrlConnections extends SimpleClientHttpRequestFactory {
        @Override
        protected void prepareConnection(HttpURLConnection connection, String httpMethod) throws IOException {
            super.prepareConnection(connection, httpMethod);
            connection.setInstanceFollowRedirects(true);
        }
    }
}
