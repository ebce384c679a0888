package io.llmfailover.runtime.contract;

import java.nio.ByteBuffer;

/**
 * A response body already in memory (one the client read whole, or one the runtime made), as the
 * stream of {@link LlmResponse#body()}. Its
 * unread rest can be taken as one buffer over the same bytes, so that an adapter hands it to the
 * app's own reader at once instead of copying it out chunk by chunk. A stream that wraps one (to
 * watch the bytes go by) is one too, and watches the rest when it is taken.
 */
public interface InMemoryBody {

    /** The bytes not read yet, as one buffer over an array, after which the stream is at its end. */
    ByteBuffer takeRest();
}
