import { describe, expect, it } from 'vitest';
import { dataUrlToGeminiPart, guessMimeType, imageUrlToGeminiPart } from './openai-media-to-gemini-part.ts';

describe('guessMimeType', () => {
  it('goes by the extension, ignoring query and fragment, image/jpeg by default', () => {
    expect(guessMimeType('https://x.test/a/cat.PNG?size=large#top')).toBe('image/png');
    expect(guessMimeType('https://x.test/photo.webp')).toBe('image/webp');
    expect(guessMimeType('https://x.test/doc.pdf')).toBe('application/pdf');
    expect(guessMimeType('https://x.test/image')).toBe('image/jpeg');
    expect(guessMimeType('https://x.test.dir/file.unknown')).toBe('image/jpeg');
  });
});

describe('dataUrlToGeminiPart', () => {
  it('splits a base64 data URL into mime type and data', () => {
    expect(dataUrlToGeminiPart('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' },
    });
    expect(dataUrlToGeminiPart('data:application/pdf;name=a.pdf;base64,JVBERi0=')).toEqual({
      inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' },
    });
  });

  it('refuses a data URL that is not base64', () => {
    expect(dataUrlToGeminiPart('data:text/plain,hello')).toBeUndefined();
  });
});

describe('imageUrlToGeminiPart', () => {
  it('sends data: URLs inline and http(s) links as fileData', () => {
    expect(imageUrlToGeminiPart('data:image/gif;base64,R0lG')).toEqual({
      inlineData: { mimeType: 'image/gif', data: 'R0lG' },
    });
    expect(imageUrlToGeminiPart('https://x.test/cat.png')).toEqual({
      fileData: { mimeType: 'image/png', fileUri: 'https://x.test/cat.png' },
    });
    expect(imageUrlToGeminiPart('http://x.test/cat')).toEqual({
      fileData: { mimeType: 'image/jpeg', fileUri: 'http://x.test/cat' },
    });
  });

  it('answers undefined for other schemes', () => {
    expect(imageUrlToGeminiPart('file:///etc/passwd')).toBeUndefined();
  });
});
