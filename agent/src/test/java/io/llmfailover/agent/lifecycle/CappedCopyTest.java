package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CappedCopyTest {

    private static final byte[] BODY = "{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8);

    @Test
    void aOneShotBodyReadWholeIsSentAsItsCopy() throws Exception {
        List<byte[]> sentInstead = new ArrayList<>();

        BufferedBody copy = CappedCopy.keepingSendable(BODY.length, false, 1024, out -> out.write(BODY), sentInstead::add);

        assertArrayEquals(BODY, copy.bytes());
        assertEquals(1, sentInstead.size());
        assertArrayEquals(BODY, sentInstead.get(0));
    }

    @Test
    void aRepeatableBodyIsLeftToSendItself() throws Exception {
        List<byte[]> sentInstead = new ArrayList<>();

        BufferedBody copy = CappedCopy.keepingSendable(BODY.length, true, 1024, out -> out.write(BODY), sentInstead::add);

        assertTrue(copy.fits());
        assertTrue(sentInstead.isEmpty());
    }

    @Test
    void aBodyPastTheCapIsNotReplaced() throws Exception {
        List<byte[]> sentInstead = new ArrayList<>();

        BufferedBody copy = CappedCopy.keepingSendable(-1, true, 4, out -> out.write(BODY), sentInstead::add);

        assertFalse(copy.fits());
        assertTrue(sentInstead.isEmpty());
    }
}
