"""What every request goes through before and after a view, apart from the views themselves: the
request log (``request_log``), the security headers and the refusal of another site's writes
(``security``), the CSRF token (``csrf``), the request class (``request_class``), the larger body
an import may send (``large_bodies``) and the session cookie that carries a browser's identity
(``session_cookie``). The app factory (``caddie.web.app``) installs them."""
