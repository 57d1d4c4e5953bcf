BEGIN { trace(self->nothing); }
