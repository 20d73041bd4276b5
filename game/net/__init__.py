"""Play across two machines: a deal no machine controls or sees, a join code only the friend can use.

Pure Python beside the engine: no pygame, nothing of the bots or the app.  The cryptography comes from
well-kept packages (libsodium through PyNaCl, SPAKE2, websockets); nothing here is hand-rolled that they do.
"""
