import { describe, expect, it } from 'vitest';
import { chatWidgetScriptUrl } from './chat-widget';
import { isChatWidgetPath } from './support-target';

describe('chat widget on the help page', () => {
  it('loads only an https script address', () => {
    expect(chatWidgetScriptUrl(' https://chat.example/w.js ')).toBe('https://chat.example/w.js');
    expect(chatWidgetScriptUrl('http://chat.example/w.js')).toBeNull();
    expect(chatWidgetScriptUrl('javascript:alert(1)')).toBeNull();
    expect(chatWidgetScriptUrl('https://u:p@chat.example/w.js')).toBeNull();
    expect(chatWidgetScriptUrl('')).toBeNull();
    expect(chatWidgetScriptUrl(null)).toBeNull();
  });

  it('knows the help page as the router matches it', () => {
    expect(isChatWidgetPath('/helpline')).toBe(true);
    expect(isChatWidgetPath('/HelpLine/')).toBe(true);
    expect(isChatWidgetPath('/helpline/more')).toBe(false);
    expect(isChatWidgetPath('/')).toBe(false);
  });
});
