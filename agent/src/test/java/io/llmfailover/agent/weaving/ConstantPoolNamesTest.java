package io.llmfailover.agent.weaving;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConstantPoolNamesTest {

    private final ConstantPoolNames urlConnections =
            new ConstantPoolNames(List.of("java/net/HttpURLConnection", "javax/net/ssl/HttpsURLConnection"));

    /** Names HttpURLConnection by its cast, beside a long and a double, which take two entries each. */
    static final class CallsByUrlConnection {
        static final long LONG = 123_456_789_012L;
        static final double DOUBLE = 0.5;

        static int call(URL url) throws IOException {
            return ((HttpURLConnection) url.openConnection()).getResponseCode() + (int) (LONG * DOUBLE);
        }
    }

    static final class CallsNothing {
        static String text() {
            return "java/net/HttpURLConnection is only a string here".substring(1);
        }
    }

    @Test
    void aClassThatCastsToHttpUrlConnectionNamesIt() throws IOException {
        assertEquals(0, urlConnections.firstNamedIn(classFileOf(CallsByUrlConnection.class)));
    }

    @Test
    void aStringThatOnlyContainsTheNameIsNotTheName() throws IOException {
        assertEquals(-1, urlConnections.firstNamedIn(classFileOf(CallsNothing.class)));
    }

    @Test
    void theJdksOwnHttpsConnectionNamesTheSecondName() throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream("sun/net/www/protocol/https/HttpsURLConnectionImpl.class")) {
            assertEquals(1, urlConnections.firstNamedIn(in.readAllBytes()));
        }
    }

    @Test
    void whatIsNotAClassFileNamesNothing() throws IOException {
        byte[] classFile = classFileOf(CallsByUrlConnection.class);
        assertEquals(-1, urlConnections.firstNamedIn(null));
        assertEquals(-1, urlConnections.firstNamedIn(new byte[] {1, 2, 3}));
        assertEquals(-1, urlConnections.firstNamedIn("not a class file at all".getBytes()));
        for (int length = 0; length < classFile.length; length += 7) {
            urlConnections.firstNamedIn(Arrays.copyOf(classFile, length)); // cut anywhere: never throws
        }
        byte[] unknownTag = classFile.clone();
        unknownTag[10] = 99;
        assertEquals(-1, urlConnections.firstNamedIn(unknownTag));
    }

    private static byte[] classFileOf(Class<?> type) throws IOException {
        String resource = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
            return in.readAllBytes();
        }
    }
}
