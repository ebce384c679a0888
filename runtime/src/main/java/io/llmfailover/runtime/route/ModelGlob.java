package io.llmfailover.runtime.route;

/** A model pattern from {@code route.<name>.match}: {@code *} matches any run of characters, {@code ?} one. */
public final class ModelGlob {

    private final String pattern;

    public ModelGlob(String pattern) {
        this.pattern = pattern;
    }

    public boolean matches(String model) {
        return model != null && matches(0, model, 0);
    }

    private boolean matches(int p, String text, int t) {
        while (p < pattern.length()) {
            char c = pattern.charAt(p);
            if (c == '*') {
                for (int rest = t; rest <= text.length(); rest++) {
                    if (matches(p + 1, text, rest)) {
                        return true;
                    }
                }
                return false;
            }
            if (t >= text.length() || (c != '?' && c != text.charAt(t))) {
                return false;
            }
            p++;
            t++;
        }
        return t == text.length();
    }

    @Override
    public String toString() {
        return pattern;
    }
}
