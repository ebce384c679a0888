package io.llmfailover.agent.client.jdkhttp;

import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;

/** What the app's {@code BodyHandler} is shown before its subscriber receives the body. */
record ResponseHead(int statusCode, HttpHeaders headers, HttpClient.Version version) implements HttpResponse.ResponseInfo {}
