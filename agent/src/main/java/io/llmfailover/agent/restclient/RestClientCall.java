package io.llmfailover.agent.restclient;

import java.util.concurrent.ExecutorService;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;

/**
 * One call through the failover interceptor: the app's request, the body Spring already buffered,
 * the rest of the execution each attempt goes through, and the agent threads that wait for a head
 * the agent may give up on.
 */
record RestClientCall(HttpRequest request, byte[] body, ClientHttpRequestExecution execution, ExecutorService agentThreads) {}
