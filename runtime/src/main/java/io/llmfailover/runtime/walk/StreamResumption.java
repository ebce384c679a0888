package io.llmfailover.runtime.walk;

import java.io.InputStream;

/** Asks the chain's next provider to finish a committed stream that broke ({@code stream.resume}). */
@FunctionalInterface
interface StreamResumption {

    /** The rest of the stream, in the caller's protocol, or null when no provider could finish it. */
    InputStream continueAfter(StreamTranscript transcript);
}
