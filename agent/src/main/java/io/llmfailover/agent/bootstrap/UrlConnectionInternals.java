package io.llmfailover.agent.bootstrap;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

/**
 * The private state of one JDK {@code HttpURLConnection}, read by reflection: code of this module
 * may, as the agent opens {@code java.net}, {@code sun.net.www} and
 * {@code sun.net.www.protocol.http} to it, and to nothing else, when it hooks the connection class.
 * Package-private, so that no code but the hooks reads through it.
 */
final class UrlConnectionInternals implements UrlConnectionHook.Internals {

    private final Object connection;

    UrlConnectionInternals(Object connection) {
        this.connection = connection;
    }

    /** Whether this JDK's connection has the state read here, and the agent could open it to this module. */
    static boolean readable() {
        try {
            return Members.REMOVE != null;
        } catch (LinkageError unreadable) {
            FailureLog.once("reading the JDK's HttpURLConnection", unreadable);
            return false;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, List<String>> requestHeaders() {
        return (Map<String, List<String>>) call(Members.GET_HEADERS, Members.read(Members.USER_HEADERS, connection));
    }

    /** {@code setRequestProperty} keeps a header both in the app's headers and in those the JDK writes. */
    @Override
    public void removeRequestHeader(String name) {
        call(Members.REMOVE, Members.read(Members.USER_HEADERS, connection), name);
        call(Members.REMOVE, Members.read(Members.REQUESTS, connection), name);
    }

    @Override
    public long fixedLength() {
        return Math.max((int) Members.read(Members.FIXED_LENGTH, connection),
                (long) Members.read(Members.FIXED_LENGTH_LONG, connection));
    }

    @Override
    public Object proxy() {
        return Members.read(Members.PROXY, connection);
    }

    private static Object call(Method method, Object target, Object... arguments) {
        try {
            return method.invoke(target, arguments);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(method + " of the JDK's HttpURLConnection", e);
        }
    }

    /** Looked up once, as the first hooked connection is used. */
    private static final class Members {

        static final Field FIXED_LENGTH = field("java.net.HttpURLConnection", "fixedContentLength");
        static final Field FIXED_LENGTH_LONG = field("java.net.HttpURLConnection", "fixedContentLengthLong");
        static final Field USER_HEADERS = field("sun.net.www.protocol.http.HttpURLConnection", "userHeaders");
        static final Field REQUESTS = field("sun.net.www.protocol.http.HttpURLConnection", "requests");
        static final Field PROXY = field("sun.net.www.protocol.http.HttpURLConnection", "instProxy");
        static final Method GET_HEADERS = method("getHeaders");
        static final Method REMOVE = method("remove", String.class);

        private static Field field(String owner, String name) {
            try {
                Field field = Class.forName(owner, false, null).getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the JDK's HttpURLConnection has no " + name, e);
            }
        }

        private static Method method(String name, Class<?>... parameters) {
            try {
                return Class.forName("sun.net.www.MessageHeader", false, null).getMethod(name, parameters);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the JDK's MessageHeader has no " + name, e);
            }
        }

        static Object read(Field field, Object connection) {
            try {
                return field.get(connection);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(field + " of the JDK's HttpURLConnection", e);
            }
        }
    }
}
