#!/usr/bin/env python3
# Independent oracle for tests/core/test_safepub.cpp (issue 36): SafePub's beta and k from
# epsilon and delta by Li, Qardaji & Su (2012), evaluated with mpmath at 50 digits and exact
# binomial coefficients (not the engine's log-space sums). Usage: python3 safepub_oracle.py
import mpmath as mp
mp.mp.dps = 50
from math import comb, floor, ceil
def d(k, beta, eps):
    g = (mp.e**eps - 1 + beta) / mp.e**eps
    nm = int(mp.ceil(k / g - 1))
    rate = g*mp.log(g/beta) - (g-beta)
    best = mp.mpf(0); n = nm
    while True:
        lo = int(mp.floor(n*g)) + 1
        a = mp.fsum(comb(n, j) * beta**j * (1-beta)**(n-j) for j in range(lo, n+1))
        best = max(best, a)
        if best >= mp.e**(-n*rate): return best
        n += 1
def params(eps, delta, share):
    ea = mp.mpf(eps) - mp.mpf(eps)*mp.mpf(share)
    beta = 1 - mp.e**(-ea)
    k = 1
    while d(k, beta, ea) > delta: k += 1
    return beta, k
for eps, delta, share in [(1,1e-5,0.1),(1,1e-5,0),(2,1e-5,0.1),(0.5,1e-4,0.1),(1,1e-3,0.1)]:
    b,k = params(eps, delta, share)
    print(eps, delta, share, mp.nstr(b, 17), k)
