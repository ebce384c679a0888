package io.llmfailover.runtime.telemetry.usage;

import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamDecoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.eventstream.MalformedEventStreamException;
import java.util.Set;

/**
 * A Bedrock event stream, decoded message by message as it passes: only the events that carry
 * facts are read ({@code messageStop}, the stop reason; {@code metadata}, the usage). A message
 * larger than {@link #MESSAGE_LIMIT} or a broken stream ends the scan with what was learnt.
 */
final class EventStreamUsageScanner implements UsageScanner {

    static final String CONTENT_TYPE = EventStreamMessage.MEDIA_TYPE;
    static final int MESSAGE_LIMIT = SseUsageScanner.LINE_LIMIT;
    private static final Set<String> CARRYING_FACTS = Set.of("messageStop", "metadata");

    private final ResponseFacts facts = new ResponseFacts();
    private final EventStreamDecoder decoder = new EventStreamDecoder(MESSAGE_LIMIT);
    private boolean broken;

    @Override
    public void accept(byte[] bytes, int offset, int length) {
        if (broken) {
            return;
        }
        decoder.feed(bytes, offset, length);
        try {
            for (EventStreamMessage message = decoder.next(); message != null; message = decoder.next()) {
                if (CARRYING_FACTS.contains(message.text(EventStreamMessage.EVENT_TYPE))) {
                    ResponseFactsReader.read(message.payload(), 0, message.payload().length, facts);
                }
            }
        } catch (MalformedEventStreamException notAnEventStream) {
            broken = true;
        }
    }

    @Override
    public ResponseFacts finish() {
        return facts;
    }
}
