package io.llmfailover.runtime.walk;


import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.RelayedResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.keys.Credentials;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.route.Route;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * A streamed success is committed: from here a break reaches the app as an error event, or, with
 * {@code stream.resume}, a text stream is finished by the chain's next provider.
 */
final class StreamCommitment {

    /** Walks the rest of a chain to finish a broken stream: {@link ChainWalker#resume}. */
    @FunctionalInterface
    interface Resumption {
        Answer resume(RecognizedCall continuing, Route rest, Transport transport, String brokenProvider) throws IOException;
    }

    private final RecognizedCall call;
    private final Route route;
    private final Transport transport;
    private final WalkContext context;
    private final Resumption resumption;

    StreamCommitment(RecognizedCall call, Route route, Transport transport, WalkContext context, Resumption resumption) {
        this.call = call;
        this.route = route;
        this.transport = transport;
        this.context = context;
        this.resumption = resumption;
    }

    /** @param nextStep the index of the chain step after the one that answered */
    LlmResponse committed(LlmResponse answer, Provider provider, int nextStep) {
        if (answer.status() >= 300 || !AnswerRelay.callerExpectsSse(call.source())) {
            return answer;
        }
        Operation operation = call.source().operation();
        // A Bedrock caller's events travel in an event stream, which the transcript does not read.
        CommittedStream stream = context.resumesStreams() && provider != null && !call.caller().onBedrock()
                && StreamContinuation.allows(operation, call.request().body())
                ? new CommittedStream(answer.body(), call.caller(), new StreamTranscript(operation),
                        transcript -> continueAfter(transcript, provider, nextStep))
                : new CommittedStream(answer.body(), call.caller());
        String answeredBy = (provider != null ? provider : call.addressed()).name();
        stream.reportingBreaksTo(cause -> context.failoverLog().streamBroke(answeredBy, cause));
        return new RelayedResponse(answer, answer.headers(), stream);
    }

    /**
     * Asks the steps after {@code fromStep} to finish what {@code broken} began: the conversation
     * plus the text the app has, as the assistant's turn. Null when none could (the app then gets
     * the break as before).
     */
    private InputStream continueAfter(StreamTranscript transcript, Provider broken, int fromStep) {
        if (fromStep >= route.chain().size()) {
            return null;
        }
        Operation operation = call.source().operation();
        LlmRequest continuing = call.request()
                .withHeaders(call.request().headers().toBuilder().remove(Credentials.IDEMPOTENCY_KEY).build())
                .withBody(StreamContinuation.request(operation, call.request().body(), transcript.text()));
        Optional<RecognizedCall> recognized = CallRecognizer.recognize(call.addressed(), continuing);
        if (recognized.isEmpty()) {
            return null;
        }
        Route rest = new Route(route.name(), route.provider(), route.modelGlob(),
                route.chain().subList(fromStep, route.chain().size()), route.hedgeAfter());
        try {
            Answer answer = resumption.resume(recognized.get(), rest, transport, broken.name());
            if (answer.status() >= 300) {
                answer.close();
                return null;
            }
            context.failoverLog().streamResumed(broken.name(), transcript.text().length());
            return new ContinuationEvents(answer.body(), operation, transcript.textBlockIndex());
        } catch (IOException | RuntimeException nothingFinishedIt) {
            return null;
        }
    }
}
