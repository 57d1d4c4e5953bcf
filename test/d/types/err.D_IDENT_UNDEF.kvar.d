BEGIN { trace(`jiffies); }
