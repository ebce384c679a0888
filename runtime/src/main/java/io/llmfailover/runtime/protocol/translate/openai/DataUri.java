package io.llmfailover.runtime.protocol.translate.openai;

import io.llmfailover.runtime.protocol.translate.MediaTypes;
import io.llmfailover.runtime.protocol.translate.model.Part;

/** {@code data:<media type>;base64,<data>} URIs, as OpenAI carries inline images and files. */
final class DataUri {

    private static final String DEFAULT_MEDIA_TYPE = "application/octet-stream";

    private DataUri() {}

    /** The URL as media: inline when it is a base64 data URI, by reference otherwise. */
    static Part.Media toMedia(String url) {
        if (url != null && url.startsWith("data:")) {
            int comma = url.indexOf(',');
            if (comma > 0) {
                String header = url.substring(5, comma);
                if (header.endsWith(";base64")) {
                    String mediaType = header.substring(0, header.length() - ";base64".length());
                    return new Part.Media(mediaType.isEmpty() ? DEFAULT_MEDIA_TYPE : mediaType, url.substring(comma + 1), null);
                }
            }
        }
        return new Part.Media(MediaTypes.guess(url), null, url);
    }

    static String of(Part.Media media) {
        return "data:" + media.mediaType() + ";base64," + media.base64Data();
    }
}
