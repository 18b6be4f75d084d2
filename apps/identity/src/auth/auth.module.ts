import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginRateLimiter } from './login-rate-limiter.js';

@Module({ controllers: [AuthController], providers: [AuthService, LoginRateLimiter] })
export class AuthModule {}
