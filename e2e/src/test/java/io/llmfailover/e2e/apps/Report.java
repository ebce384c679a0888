package io.llmfailover.e2e.apps;

/**
 * The machine-readable lines a child app prints on stdout, one per event, read back by the tests'
 * {@code AppOutput}. Free text always comes last on a line, so it may contain spaces.
 *
 * <pre>
 * CHUNK call=2 index=0 text=Hello
 * RESULT call=2 status=200 provider=backup content=Hello from backup
 * ERROR call=3 type=BadRequestException status=400 code=invalid_value body={"error":...}
 * TOOLCALL call=4 index=0 id=call_1 name=get_weather finish=tool_calls arguments={"city":"Paris"}
 * DONE
 * </pre>
 */
public final class Report {

    public static final String NONE = "-";

    private Report() {}

    public static void chunk(int call, int index, String text) {
        print("CHUNK call=" + call + " index=" + index + " text=" + text);
    }

    public static void result(int call, int status, String provider, String content) {
        print("RESULT call=" + call + " status=" + status + " provider=" + orNone(provider) + " content=" + content);
    }

    /** A tool call the model made, as the app read it; the arguments (a JSON string) come last. */
    public static void toolCall(int call, int index, String id, String name, String finish, String arguments) {
        print("TOOLCALL call=" + call + " index=" + index + " id=" + orNone(id) + " name=" + orNone(name)
                + " finish=" + orNone(finish) + " arguments=" + oneLine(String.valueOf(arguments)));
    }

    public static void error(int call, String type, String status, String code, String body) {
        print("ERROR call=" + call + " type=" + type + " status=" + orNone(status) + " code=" + orNone(code)
                + " body=" + oneLine(body));
    }

    public static void error(int call, Throwable failure) {
        error(call, failure.getClass().getSimpleName(), null, null, String.valueOf(failure.getMessage()));
    }

    public static void line(String text) {
        print(text);
    }

    public static void done() {
        print("DONE");
    }

    private static String orNone(String value) {
        return value == null || value.isEmpty() ? NONE : value;
    }

    /** Line breaks become spaces, so a body fits on one report line. */
    public static String oneLine(String text) {
        return text.replace('\r', ' ').replace('\n', ' ');
    }

    private static void print(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
